/// A content extension the center keeps (strongly, as it is the app's only reference).
///
/// `@unchecked Sendable`, as ``WeakDelegate`` is (a deviation from the repository's rule,
/// which keeps it for the C boundary): Apple's `UNNotificationContentExtension` does not
/// require `Sendable`, so apps' extensions (`final class Extension: UNNotificationContentExtension
/// { var … }`) are not, and the center calls them from its own task, as it calls the delegate.
/// The box itself never changes: a new extension is a new box.
final class ContentExtensionBox: @unchecked Sendable {
    /// The extension.
    let contentExtension: any UNNotificationContentExtension

    /// Keeps `contentExtension`.
    init(_ contentExtension: any UNNotificationContentExtension) { self.contentExtension = contentExtension }
}
