import UserNotificationsCore

/// A sound name from the freedesktop sound theme, e.g. `message-new-instant`.
public struct UNNotificationSoundName: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
}

/// The sound a notification plays: the theme's default or a named theme sound.
///
/// Critical sounds play as their plain counterparts: the volume is not sent; use
/// ``UNNotificationInterruptionLevel/critical`` for urgency. An immutable `NSObject`, as on
/// Apple platforms: `copy()` is itself, sounds of the same name are `isEqual`.
public final class UNNotificationSound: NSObject, NSCopying, Sendable {
    /// The model's `sound` value: `"default"` or a theme sound name.
    let name: String

    /// Wraps a model `sound` value.
    init(modelName: String) {
        name = modelName
        super.init()
    }

    /// The theme's default notification sound.
    public static let `default` = UNNotificationSound(modelName: NotificationContent.defaultSound)
    /// The default sound of a critical alert (plays as ``default``).
    public static let defaultCritical = UNNotificationSound.default
    /// The default ringtone (plays as ``default``).
    public static let defaultRingtone = UNNotificationSound.default

    /// A sound from the freedesktop sound theme.
    public convenience init(named name: UNNotificationSoundName) { self.init(modelName: name.rawValue) }

    /// The default critical sound at a volume (the volume is not used).
    public static func defaultCriticalSound(withAudioVolume volume: Float) -> UNNotificationSound { .default }
    /// A named critical sound (plays as the named sound).
    public static func criticalSoundNamed(_ name: UNNotificationSoundName) -> UNNotificationSound { .init(named: name) }
    /// A named critical sound at a volume (the volume is not used).
    public static func criticalSoundNamed(_ name: UNNotificationSoundName, withAudioVolume volume: Float) -> UNNotificationSound {
        .init(named: name)
    }

    /// A named ringtone (plays as the named sound).
    public static func ringtoneSoundNamed(_ name: UNNotificationSoundName) -> UNNotificationSound { .init(named: name) }

    /// Itself: a sound does not change.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// Whether `object` is a sound of the same name.
    public override func isEqual(_ object: Any?) -> Bool { (object as? UNNotificationSound)?.name == name }

    public override var hash: Int { name.hashValue }
}
