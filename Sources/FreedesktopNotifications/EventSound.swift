import UserNotificationsCore

/// A notification's sound as the freedesktop sound theme names it, and who plays it: the one
/// place where the model's `sound` becomes a theme id, for the `sound-name` hint a server with
/// the `sound` capability plays and for the sound usernoted plays itself where the server has
/// none (dunst, mako, swaync, xfce4-notifyd).
public struct EventSound: Sendable, Hashable {
    /// The sound theme's id (`event.id`): `message-new-instant`, or the name the app gave.
    public var id: String
    /// The app whose notification it announces.
    public var appID: AppID

    public init(id: String, appID: AppID) {
        self.id = id
        self.appID = appID
    }

    /// The theme's id for the model's `"default"` sound.
    public static let defaultID = "message-new-instant"

    /// The theme id `content` sounds with: `message-new-instant` for `"default"`, the name
    /// itself otherwise; nil when it is silent: no sound, or `passive` (Apple's passive
    /// notifications play none, and a provisional app's are passive).
    public static func themeID(of content: NotificationContent) -> String? {
        guard let sound = content.sound, content.interruptionLevel != .passive else { return nil }
        return sound == NotificationContent.defaultSound ? defaultID : sound
    }

    /// The sound usernoted plays itself as `request` of `appID` is sent to a server with
    /// `capabilities`: its theme id, unless the server plays it (it has `sound`) or it is
    /// silent. `request` is what the `Notify` carries, so one shown again (after a restart,
    /// on a new server, at the lock) has no sound left, and one its app's settings or handler
    /// silenced had it taken out before; what Focus holds is not sent at all.
    public static func toPlay(for request: NotificationRequest, of appID: AppID, on capabilities: ServerCapabilities) -> EventSound? {
        guard !capabilities.sound, let id = themeID(of: request.content) else { return nil }
        return EventSound(id: id, appID: appID)
    }
}

/// Plays event sounds. ``play(_:)`` returns at once, on any thread: the sound is played, or
/// found unplayable, elsewhere.
public protocol EventSoundPlayer: Sendable {
    func play(_ sound: EventSound)
}
