/// A center's delegate, held weakly as on Apple platforms, its content extensions, and whether
/// its handler object is exported.
struct DelegateState: Sendable {
    /// The delegate, while the app keeps it alive.
    var delegate = WeakDelegate(nil)
    /// The content extension of each category that has one (held strongly).
    var contentExtensions: [String: ContentExtensionBox] = [:]
    /// Whether `Handler1` is exported on the center's connection.
    var exported = false
}
