import UserNotificationsCore

/// How urgently a notification asks for attention (the freedesktop `urgency` hint).
public enum UNNotificationInterruptionLevel: UInt, Sendable, Hashable, CaseIterable {
    /// Shown quietly (urgency low).
    case passive = 0
    /// The default (urgency normal).
    case active = 1
    /// Important now (urgency normal).
    case timeSensitive = 2
    /// Urgent (urgency critical).
    case critical = 3

    /// The model's level.
    var model: InterruptionLevel {
        switch self {
        case .passive: .passive
        case .active: .active
        case .timeSensitive: .timeSensitive
        case .critical: .critical
        }
    }

    /// The level of a model value.
    init(_ model: InterruptionLevel) {
        switch model {
        case .passive: self = .passive
        case .active: self = .active
        case .timeSensitive: self = .timeSensitive
        case .critical: self = .critical
        }
    }
}
