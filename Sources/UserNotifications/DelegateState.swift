/// A center's delegate, held weakly as on Apple platforms, and whether its handler object is exported.
struct DelegateState: Sendable {
    /// The delegate, while the app keeps it alive.
    weak var delegate: (any UNUserNotificationCenterDelegate)?
    /// Whether `Handler1` is exported on the center's connection.
    var exported = false
}
