import UsernotedAPI
import UserNotificationsCore

/// When a request fires: a ``UNTimeIntervalNotificationTrigger`` or a
/// ``UNCalendarNotificationTrigger`` (nil on a request means "now").
public protocol UNNotificationTrigger: Sendable {
    /// Whether it fires again after firing.
    var repeats: Bool { get }
}

/// Mapping of the triggers this library knows to and from the model.
enum TriggerMapping {
    /// The model trigger; throws for a trigger type the daemon cannot schedule.
    static func model(_ trigger: (any UNNotificationTrigger)?) throws(UNError) -> NotificationTrigger? {
        switch trigger {
        case nil: return nil
        case let t as UNTimeIntervalNotificationTrigger: return t.model
        case let t as UNCalendarNotificationTrigger: return t.model
        case let t?:
            throw UNError(.requestRejected, name: ErrorName.invalidRequest.dbusName.rawValue,
                          "\(type(of: t)) is not a trigger the daemon can schedule; use UNTimeIntervalNotificationTrigger or UNCalendarNotificationTrigger")
        }
    }

    /// The trigger for a model trigger.
    static func trigger(_ model: NotificationTrigger?) -> (any UNNotificationTrigger)? {
        switch model {
        case nil: nil
        case .timeInterval(let seconds, let repeats)?: UNTimeIntervalNotificationTrigger(timeInterval: seconds, repeats: repeats)
        case .calendar(let components, let repeats)?: UNCalendarNotificationTrigger(dateMatching: components, repeats: repeats)
        }
    }
}
