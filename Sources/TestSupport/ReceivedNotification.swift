import DBus

/// One `Notify` call as `FakeNotificationServer` received it, with the id it answered.
public struct ReceivedNotification: Sendable, Hashable {
    /// The id the server replied with.
    public var id: UInt32
    /// The unique bus name of the connection that called `Notify`.
    public var sender: String
    public var appName: String
    public var replacesID: UInt32
    public var appIcon: String
    public var summary: String
    public var body: String
    /// Alternating action keys and labels, as sent.
    public var actions: [String]
    /// The hints, unwrapped from their variants.
    public var hints: [String: Value]
    public var expireTimeout: Int32

    public init(
        id: UInt32, sender: String, appName: String, replacesID: UInt32, appIcon: String, summary: String,
        body: String, actions: [String], hints: [String: Value], expireTimeout: Int32
    ) {
        self.id = id
        self.sender = sender
        self.appName = appName
        self.replacesID = replacesID
        self.appIcon = appIcon
        self.summary = summary
        self.body = body
        self.actions = actions
        self.hints = hints
        self.expireTimeout = expireTimeout
    }

    /// The action keys, in the order sent.
    public var actionKeys: [String] { stride(from: 0, to: actions.count - 1, by: 2).map { actions[$0] } }

    /// The label sent with action `key`, if there is such an action.
    public func label(ofAction key: String) -> String? {
        stride(from: 0, to: actions.count - 1, by: 2).first { actions[$0] == key }.map { actions[$0 + 1] }
    }

    /// The hint `name` as a `T`; nil when absent or of another type.
    public func hint<T: DBusValueConvertible>(_ name: String, as type: T.Type = T.self) -> T? {
        hints[name]?.as(T.self)
    }
}
