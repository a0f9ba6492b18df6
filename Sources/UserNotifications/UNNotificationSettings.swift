import UserNotificationsCore

/// The user's settings for the app, as usernoted stores them (`Center1.GetSettings`); see
/// ``UNUserNotificationCenter/notificationSettings()``.
///
/// An immutable `NSObject`, as on Apple platforms. What the Linux desktop has no setting for
/// (CarPlay, announcements, direct messages) is ``UNNotificationSetting/notSupported``.
public final class UNNotificationSettings: NSObject, NSCopying, Sendable {
    public let authorizationStatus: UNAuthorizationStatus
    public let soundSetting: UNNotificationSetting
    public let badgeSetting: UNNotificationSetting
    public let alertSetting: UNNotificationSetting
    /// Whether its notifications stay in the server's list (always, while allowed).
    public let notificationCenterSetting: UNNotificationSetting
    public let lockScreenSetting: UNNotificationSetting
    public let carPlaySetting: UNNotificationSetting
    public let alertStyle: UNAlertStyle
    public let showPreviewsSetting: UNShowPreviewsSetting
    public let criticalAlertSetting: UNNotificationSetting
    public let announcementSetting: UNNotificationSetting
    public let timeSensitiveSetting: UNNotificationSetting
    /// Whether the app is gathered into the scheduled summary (usernoted's `summary`).
    public let scheduledDeliverySetting: UNNotificationSetting
    public let directMessagesSetting: UNNotificationSetting
    /// Whether the app has its own settings screen to open (never on the Linux desktop).
    public let providesAppNotificationSettings: Bool

    /// The settings usernoted stores for the app; a denied app has every setting disabled.
    init(_ stored: AppSettings) {
        let allowed = stored.authorizationStatus != .denied
        func setting(_ on: Bool) -> UNNotificationSetting { allowed && on ? .enabled : .disabled }
        authorizationStatus = switch stored.authorizationStatus {
        case .authorized: .authorized
        case .denied: .denied
        case .provisional: .provisional
        }
        soundSetting = setting(stored.sound)
        badgeSetting = setting(stored.badge)
        alertSetting = setting(stored.alert)
        notificationCenterSetting = setting(true)
        lockScreenSetting = setting(stored.lockScreen)
        carPlaySetting = .notSupported
        alertStyle = allowed && stored.alert ? .banner : .none
        showPreviewsSetting = switch stored.showPreviews {
        case .always: .always
        case .whenUnlocked: .whenAuthenticated
        case .never: .never
        }
        criticalAlertSetting = setting(stored.criticalAlert)
        announcementSetting = .notSupported
        timeSensitiveSetting = setting(stored.timeSensitive)
        scheduledDeliverySetting = setting(stored.summary)
        directMessagesSetting = .notSupported
        providesAppNotificationSettings = false
        super.init()
    }

    /// The settings of an app usernoted could not be asked about: not determined, nothing on.
    static let unknown = UNNotificationSettings(notDetermined: ())

    /// Not determined, every setting ``UNNotificationSetting/notSupported``.
    private init(notDetermined: Void) {
        authorizationStatus = .notDetermined
        (soundSetting, badgeSetting, alertSetting, notificationCenterSetting) = (.notSupported, .notSupported, .notSupported, .notSupported)
        (lockScreenSetting, carPlaySetting, criticalAlertSetting, announcementSetting) = (.notSupported, .notSupported, .notSupported, .notSupported)
        (timeSensitiveSetting, scheduledDeliverySetting, directMessagesSetting) = (.notSupported, .notSupported, .notSupported)
        alertStyle = .none
        showPreviewsSetting = .always
        providesAppNotificationSettings = false
        super.init()
    }

    /// Itself: settings do not change.
    public func copy(with zone: NSZone? = nil) -> Any { self }
}
