import UserNotificationsCore

/// The user's answer to a notification, as the delegate's `didReceive` gets it.
///
/// A ``UNTextInputNotificationResponse`` when the user typed text, else a
/// ``UNNotificationActionResponse``; `response as? UNTextInputNotificationResponse` works as on Apple platforms.
public protocol UNNotificationResponse: Sendable {
    /// The chosen action's identifier, ``UNNotificationDefaultActionIdentifier`` or ``UNNotificationDismissActionIdentifier``.
    var actionIdentifier: String { get }
    /// The notification answered.
    var notification: UNNotification { get }
    /// The XDG activation token of a foreground action, when the server gave one (Linux only).
    var activationToken: String? { get }
}

/// A response without typed text: a button, a click on the body, or a dismissal.
public struct UNNotificationActionResponse: UNNotificationResponse {
    public let actionIdentifier: String
    public let notification: UNNotification
    public let activationToken: String?

    /// A response (for testing delegates).
    public init(actionIdentifier: String, notification: UNNotification, activationToken: String? = nil) {
        self.actionIdentifier = actionIdentifier
        self.notification = notification
        self.activationToken = activationToken
    }
}

/// Mapping of the daemon's response to the app's.
enum ResponseMapping {
    /// The response the delegate gets for a model response.
    static func response(_ model: NotificationResponse) -> any UNNotificationResponse {
        let notification = UNNotification(request: UNNotificationRequest(model.notification), date: model.date)
        let actionIdentifier = ActionIdentifierMapping.app(model.actionIdentifier)
        if let text = model.userText {
            return UNTextInputNotificationResponse(
                actionIdentifier: actionIdentifier, notification: notification, userText: text,
                activationToken: model.activationToken)
        }
        return UNNotificationActionResponse(
            actionIdentifier: actionIdentifier, notification: notification, activationToken: model.activationToken)
    }
}
