import UserNotificationsCore

/// Fires a number of seconds after the request is added, and every so often if repeating (≥ 60 s).
public final class UNTimeIntervalNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    /// Seconds from adding the request to firing.
    public let timeInterval: TimeInterval

    /// Creates the trigger; the daemon refuses intervals ≤ 0 and repeating ones under 60 s.
    public init(timeInterval: TimeInterval, repeats: Bool) {
        self.timeInterval = timeInterval
        super.init(repeats: repeats)
    }

    /// The model trigger.
    var model: NotificationTrigger { .timeInterval(timeInterval, repeats: repeats) }

    /// When it would fire if the request were added now.
    public func nextTriggerDate() -> Date? {
        model.firstFireDate(addedAt: Date(), calendar: .current)
    }
}
