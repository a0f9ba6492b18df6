/// How the app's notifications appear: not at all on screen, or as banners.
public enum UNAlertStyle: Int, Sendable, Hashable {
    /// Not shown on screen (kept in the list only, or not allowed at all).
    case none = 0
    /// Shown as banners that go away by themselves (what notification servers do).
    case banner = 1
    /// Shown until the user acts (no per-app setting on the Linux desktop says so).
    case alert = 2
}
