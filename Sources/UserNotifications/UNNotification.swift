/// A notification that was delivered: its request and when.
///
/// An `NSObject`, as on Apple platforms; immutable, so `copy()` is itself.
public final class UNNotification: NSObject, NSCopying, Sendable {
    /// When it was delivered (for one from ``UNUserNotificationCenter/deliveredNotifications()``:
    /// when it was fetched, as the daemon does not report the delivery date).
    public let date: Date
    /// The request delivered.
    public let request: UNNotificationRequest

    /// A delivered notification (for testing delegates).
    public init(request: UNNotificationRequest, date: Date) {
        self.request = request
        self.date = date
        super.init()
    }

    /// Itself: a notification does not change.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// Whether `object` is the same request delivered at the same date.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotification else { return false }
        return date == other.date && request == other.request
    }

    public override var hash: Int { request.hash }
}
