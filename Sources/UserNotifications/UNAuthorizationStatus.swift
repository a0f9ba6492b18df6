/// Whether the app may notify, as the user decided (usernoted's per-app settings).
public enum UNAuthorizationStatus: Int, Sendable, Hashable {
    /// Not known: usernoted could not be asked (the daemon records an app as authorized on first use).
    case notDetermined = 0
    /// The user does not allow it: its posts are refused with `notificationsNotAllowed`.
    case denied = 1
    /// Allowed.
    case authorized = 2
    /// Allowed quietly: shown as `passive`.
    case provisional = 3
    /// Allowed for an App Clip for a while (never on the Linux desktop).
    case ephemeral = 4
}
