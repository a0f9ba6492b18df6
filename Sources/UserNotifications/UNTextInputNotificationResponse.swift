/// A response to a text-input action, with the text the user typed.
public struct UNTextInputNotificationResponse: UNNotificationResponse {
    public let actionIdentifier: String
    public let notification: UNNotification
    public let activationToken: String?
    /// What the user typed.
    public let userText: String

    /// A text response (for testing delegates).
    public init(actionIdentifier: String, notification: UNNotification, userText: String, activationToken: String? = nil) {
        self.actionIdentifier = actionIdentifier
        self.notification = notification
        self.userText = userText
        self.activationToken = activationToken
    }
}
