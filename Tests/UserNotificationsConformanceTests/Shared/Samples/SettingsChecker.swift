import UserNotifications

/// A settings checker without `ObservableObject`: it reads the settings with a completion
/// handler and says in words what the user allowed, as a settings screen shows it.
enum SettingsChecker {
    /// A line per setting, e.g. "notifications: allowed", "sound: on".
    static func describe(completion: @escaping @Sendable ([String]) -> Void) {
        UNUserNotificationCenter.current().getNotificationSettings { settings in
            completion(describe(settings))
        }
    }

    /// The lines for `settings`.
    static func describe(_ settings: UNNotificationSettings) -> [String] {
        let status: String
        switch settings.authorizationStatus {
        case .authorized: status = "allowed"
        case .provisional: status = "delivered quietly"
        case .denied: status = "denied"
        case .notDetermined: status = "not asked yet"
        case .ephemeral: status = "allowed for now"
        @unknown default: status = "unknown"
        }
        var lines = ["notifications: \(status)"]
        lines.append("sound: \(word(settings.soundSetting))")
        lines.append("badge: \(word(settings.badgeSetting))")
        lines.append("banners: \(settings.alertStyle == .none ? "off" : "on")")
        switch settings.showPreviewsSetting {
        case .always: lines.append("previews: always")
        case .whenAuthenticated: lines.append("previews: when unlocked")
        case .never: lines.append("previews: never")
        @unknown default: lines.append("previews: ?")
        }
        return lines
    }

    /// "on", "off" or "n/a".
    private static func word(_ setting: UNNotificationSetting) -> String {
        switch setting {
        case .enabled: return "on"
        case .disabled: return "off"
        case .notSupported: return "n/a"
        @unknown default: return "?"
        }
    }
}
