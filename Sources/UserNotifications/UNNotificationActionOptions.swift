import UserNotificationsCore

/// How an action behaves: foreground, destructive, authentication required.
public struct UNNotificationActionOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The response is held while the session is locked.
    public static let authenticationRequired = UNNotificationActionOptions(rawValue: 1 << 0)
    /// The action deletes or loses data: shown last, never the primary action.
    public static let destructive = UNNotificationActionOptions(rawValue: 1 << 1)
    /// The app's UI comes to the front: the response carries an activation token.
    public static let foreground = UNNotificationActionOptions(rawValue: 1 << 2)

    /// Pairs of these options and the model's, for the mapping both ways.
    private static let pairs: [(UNNotificationActionOptions, NotificationAction.Options)] = [
        (.authenticationRequired, .authenticationRequired), (.destructive, .destructive), (.foreground, .foreground),
    ]

    /// The options the model uses for these.
    var model: NotificationAction.Options {
        Self.pairs.reduce(into: []) { result, pair in if contains(pair.0) { result.insert(pair.1) } }
    }

    /// The options a model action has.
    init(_ model: NotificationAction.Options) {
        self = Self.pairs.reduce(into: []) { result, pair in if model.contains(pair.1) { result.insert(pair.0) } }
    }
}
