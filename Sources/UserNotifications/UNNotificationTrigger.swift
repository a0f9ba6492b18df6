import UsernotedAPI
import UserNotificationsCore

/// When a request fires: a ``UNTimeIntervalNotificationTrigger`` or a
/// ``UNCalendarNotificationTrigger`` (nil on a request means "now"), or
/// ``UNPushNotificationTrigger`` for a pushed one.
///
/// An immutable `NSObject`, as on Apple platforms (`copy()` is itself). `@unchecked Sendable`
/// (Apple's is not marked `Sendable`; docs/swift.md says why this one is): a class with
/// subclasses cannot be checked by the compiler, and no trigger has anything to change.
public class UNNotificationTrigger: NSObject, NSCopying, @unchecked Sendable {
    /// Whether it fires again after firing.
    public let repeats: Bool

    /// A trigger that repeats or not.
    init(repeats: Bool) {
        self.repeats = repeats
        super.init()
    }

    /// Itself: a trigger does not change.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// Whether `object` is a trigger the daemon schedules the same way.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationTrigger, type(of: other) == type(of: self) else { return false }
        return repeats == other.repeats && (try? TriggerMapping.model(self)) == (try? TriggerMapping.model(other))
    }

    public override var hash: Int { repeats.hashValue }
}

/// Mapping of the triggers this library knows to and from the model.
enum TriggerMapping {
    /// The model trigger; throws for a trigger type the daemon cannot schedule.
    static func model(_ trigger: UNNotificationTrigger?) throws(UNError) -> NotificationTrigger? {
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
    static func trigger(_ model: NotificationTrigger?) -> UNNotificationTrigger? {
        switch model {
        case nil: nil
        case .timeInterval(let seconds, let repeats)?: UNTimeIntervalNotificationTrigger(timeInterval: seconds, repeats: repeats)
        case .calendar(let components, let repeats)?: UNCalendarNotificationTrigger(dateMatching: components, repeats: repeats)
        }
    }
}
