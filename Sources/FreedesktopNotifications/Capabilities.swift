import DBus
/// What a notification server says it can do (`GetCapabilities`).
public struct ServerCapabilities: Sendable, Hashable {
    /// The capability strings as the server listed them.
    public var names: Set<String>

    public init(_ names: some Sequence<String>) { self.names = Set(names) }

    /// Buttons are shown and `ActionInvoked` is sent.
    public var actions: Bool { names.contains("actions") }
    /// Buttons may show icons: with the `action-icons` hint every action key is read as an icon name.
    public var actionIcons: Bool { names.contains("action-icons") }
    /// The body is read as markup, so text must be escaped.
    public var bodyMarkup: Bool { names.contains("body-markup") }
    /// KDE's inline reply: an `inline-reply` action and `NotificationReplied`.
    public var inlineReply: Bool { names.contains("inline-reply") }
    /// The server keeps notifications until they are dismissed.
    public var persistence: Bool { names.contains("persistence") }
    /// Sound hints are honoured.
    public var sound: Bool { names.contains("sound") }
}

/// `GetServerInformation`: who the server is.
public struct ServerInformation: Sendable, Hashable, DBusReply {
    public var name: String
    public var vendor: String
    public var version: String
    public var specVersion: String

    public init(name: String, vendor: String, version: String, specVersion: String) {
        self.name = name
        self.vendor = vendor
        self.version = version
        self.specVersion = specVersion
    }

    public static var types: [DBusType] { [.string, .string, .string, .string] }
    public var values: [Value] { [name, vendor, version, specVersion].map(\.dbusValue) }
    public init?(values: [Value]) {
        let text = values.compactMap { $0.as(String.self) }
        guard values.count == 4, text.count == 4 else { return nil }
        self.init(name: text[0], vendor: text[1], version: text[2], specVersion: text[3])
    }
}
