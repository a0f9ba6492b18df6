import UserNotificationsCore

/// What a request asks of the lock screen beyond its app's settings, in its `userInfo` under
/// ``userInfoKey`` (the Notification portal's display hints `hide-on-lock-screen` and
/// `hide-content-on-lock-screen` become it): it can only take away from what the settings allow.
enum LockScreenHint: String, Sendable, CaseIterable {
    /// Not shown while the session is locked: held, and shown at unlock.
    case hide
    /// Its previews hidden while the session is locked.
    case hideContent = "hide-content"

    static let userInfoKey = "x-usernoted-lock-screen"

    /// The hint `request` carries, if any.
    init?(of request: NotificationRequest) {
        guard case .string(let text)? = request.content.userInfo[Self.userInfoKey] else { return nil }
        self.init(rawValue: text)
    }
}

extension AppSettings {
    /// These settings as they apply to `request`, narrowed by its ``LockScreenHint``.
    func narrowed(by request: NotificationRequest) -> AppSettings {
        var settings = self
        switch LockScreenHint(of: request) {
        case .hide?: settings.lockScreen = false
        case .hideContent?: if settings.showPreviews == .always { settings.showPreviews = .whenUnlocked }
        case nil: break
        }
        return settings
    }
}
