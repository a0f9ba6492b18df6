/// Whether one kind of notification behaviour is on for the app.
public enum UNNotificationSetting: Int, Sendable, Hashable {
    /// The Linux desktop has no such thing (CarPlay, announcements, direct messages).
    case notSupported = 0
    /// Off.
    case disabled = 1
    /// On.
    case enabled = 2
}
