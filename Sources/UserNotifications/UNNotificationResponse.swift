import UserNotificationsCore

/// The user's answer to a notification, as the delegate's `didReceive` gets it: a button, a
/// click on the body (``UNNotificationDefaultActionIdentifier``) or a dismissal
/// (``UNNotificationDismissActionIdentifier``); a ``UNTextInputNotificationResponse`` when the
/// user typed text.
///
/// An immutable `NSObject`, as on Apple platforms (`copy()` is itself). `@unchecked Sendable`
/// (Apple's is not marked `Sendable`; docs/swift.md says why this one is): a class with a
/// subclass cannot be checked by the compiler, and neither has anything to change.
public class UNNotificationResponse: NSObject, NSCopying, @unchecked Sendable {
    /// The chosen action's identifier, ``UNNotificationDefaultActionIdentifier`` or ``UNNotificationDismissActionIdentifier``.
    public let actionIdentifier: String
    /// The notification answered.
    public let notification: UNNotification
    /// The XDG activation token of a foreground action, when the server gave one (Linux only).
    public let activationToken: String?

    /// A response (Linux only: for testing delegates).
    public init(actionIdentifier: String, notification: UNNotification, activationToken: String? = nil) {
        self.actionIdentifier = actionIdentifier
        self.notification = notification
        self.activationToken = activationToken
        super.init()
    }

    /// Itself: a response does not change.
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// Mapping of the daemon's response to the app's.
enum ResponseMapping {
    /// The response the delegate gets for a model response.
    static func response(_ model: NotificationResponse) -> UNNotificationResponse {
        let notification = UNNotification(request: UNNotificationRequest(model.notification), date: model.date)
        let actionIdentifier = ActionIdentifierMapping.app(model.actionIdentifier)
        if let text = model.userText {
            return UNTextInputNotificationResponse(
                actionIdentifier: actionIdentifier, notification: notification, userText: text,
                activationToken: model.activationToken)
        }
        return UNNotificationResponse(
            actionIdentifier: actionIdentifier, notification: notification, activationToken: model.activationToken)
    }
}
