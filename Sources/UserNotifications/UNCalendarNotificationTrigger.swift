import UserNotificationsCore

/// Fires at the next date matching some components (year, month, day, hour, minute, second, weekday).
public final class UNCalendarNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    /// The components to match, in the user's time zone.
    public let dateComponents: DateComponents

    /// Creates the trigger.
    public init(dateMatching dateComponents: DateComponents, repeats: Bool) {
        self.dateComponents = dateComponents
        super.init(repeats: repeats)
    }

    /// The model trigger.
    var model: NotificationTrigger { .calendar(dateComponents, repeats: repeats) }

    /// The next matching date from now, as the daemon computes it; nil if there is none.
    public func nextTriggerDate() -> Date? {
        model.firstFireDate(addedAt: Date(), calendar: .current)
    }
}
