/// When the body of the app's notifications is shown.
public enum UNShowPreviewsSetting: Int, Sendable, Hashable {
    /// Always.
    case always = 0
    /// Only while the session is unlocked (usernoted's `whenUnlocked`).
    case whenAuthenticated = 1
    /// Never: the category's placeholder is shown instead.
    case never = 2
}
