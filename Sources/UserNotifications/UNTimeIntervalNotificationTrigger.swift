import UserNotificationsCore

/// Fires a number of seconds after the request is added, and every so often if repeating (≥ 60 s).
public struct UNTimeIntervalNotificationTrigger: UNNotificationTrigger, Hashable {
    /// Seconds from adding the request to firing.
    public let timeInterval: TimeInterval
    /// Whether it fires again every `timeInterval`.
    public let repeats: Bool

    /// Creates the trigger; the daemon refuses intervals ≤ 0 and repeating ones under 60 s.
    public init(timeInterval: TimeInterval, repeats: Bool) {
        self.timeInterval = timeInterval
        self.repeats = repeats
    }

    /// The model trigger.
    var model: NotificationTrigger { .timeInterval(timeInterval, repeats: repeats) }

    /// When it would fire if the request were added now.
    public func nextTriggerDate() -> Date? {
        model.firstFireDate(addedAt: Date(), calendar: .current)
    }
}
