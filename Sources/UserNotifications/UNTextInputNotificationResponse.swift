/// A response to a text-input action, with the text the user typed.
///
/// `@unchecked Sendable` as its superclass (restated, as Swift asks); it has nothing to change.
public class UNTextInputNotificationResponse: UNNotificationResponse, @unchecked Sendable {
    /// What the user typed.
    public let userText: String

    /// A text response (Linux only: for testing delegates).
    public init(actionIdentifier: String, notification: UNNotification, userText: String, activationToken: String? = nil) {
        self.userText = userText
        super.init(actionIdentifier: actionIdentifier, notification: notification, activationToken: activationToken)
    }
}
