import UserNotificationsCore

/// What happens to a notification about to be shown: Apple's rules for interruption levels,
/// Focus, the scheduled summary and the app's settings, as one decision.
enum Admission: Sendable, Hashable {
    /// Shown now, at this level (a level the user turned off for the app counts as `active`).
    case show(InterruptionLevel)
    /// Held, for this reason.
    case hold(HeldNotification.Reason)

    /// What the daemon does now with a notification of `level` from an app with `settings`.
    /// `focused`: Focus is on and the app is not on its allow-list; `inSummary`: the app is in
    /// the scheduled summary (and one is configured); `locked`: the session is locked.
    static func decide(
        _ level: InterruptionLevel, settings: AppSettings, focused: Bool, inSummary: Bool, locked: Bool
    ) -> Admission {
        var level = level
        if level == .critical, !settings.criticalAlert { level = .active }
        if level == .timeSensitive, !settings.timeSensitive { level = .active }
        if !settings.alert { return .hold(.listed) }
        if level == .critical { return .show(.critical) }
        if locked, !settings.lockScreen { return .hold(.locked) }
        switch level {
        case .critical, .timeSensitive: return .show(level)
        case .passive: return .hold(inSummary ? .summary : .passive)
        case .active:
            if inSummary { return .hold(.summary) }
            return focused ? .hold(.focus) : .show(.active)
        }
    }
}
