/// The center's delegate, held weakly as on Apple platforms.
///
/// `@unchecked Sendable` (a deviation from the repository's rule, which keeps it for the C
/// boundary): Apple's `UNUserNotificationCenterDelegate` does not require `Sendable`, so apps'
/// delegates (`final class Manager: NSObject, UNUserNotificationCenterDelegate { var … }`) are
/// not, and the center calls them from its own task, as Apple's calls them on its own queue.
/// The box itself never changes: a new delegate is a new box.
final class WeakDelegate: @unchecked Sendable {
    /// The delegate, while the app keeps it alive.
    weak var delegate: (any UNUserNotificationCenterDelegate)?

    /// Holds `delegate` weakly.
    init(_ delegate: (any UNUserNotificationCenterDelegate)?) { self.delegate = delegate }
}
