/// A notification that was delivered: its request and when.
public struct UNNotification: Sendable {
    /// When it was delivered (for one from ``UNUserNotificationCenter/deliveredNotifications()``:
    /// when it was fetched, as the daemon does not report the delivery date).
    public let date: Date
    /// The request delivered.
    public let request: UNNotificationRequest

    /// A delivered notification (for testing delegates).
    public init(request: UNNotificationRequest, date: Date) {
        self.request = request
        self.date = date
    }
}
