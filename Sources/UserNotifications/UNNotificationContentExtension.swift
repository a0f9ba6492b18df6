/// Handles the user's choice of one of a category's custom actions in the notification itself,
/// as a Notification Content Extension's `didReceive(_:completionHandler:)` does on Apple
/// platforms: its answer keeps the notification on screen, closes it, or closes it and passes
/// the response on to the app's delegate.
///
/// Register it for its categories with
/// ``UNUserNotificationCenter/setContentExtension(_:forCategories:)`` (on Apple platforms, the
/// extension's `UNNotificationExtensionCategory` in its Info.plist). It gets the custom actions
/// of those categories; a click on the body (``UNNotificationDefaultActionIdentifier``) and a
/// dismissal (``UNNotificationDismissActionIdentifier``) go to the delegate, as on Apple
/// platforms. Implement either form of `didReceive`; the other defaults to it, and an
/// extension that implements neither forwards every action to the delegate.
///
/// The Linux desktop has no custom notification interface, so there is no view controller:
/// any class can be the extension, and its `didReceive(_ notification:)` (the interface's,
/// `@MainActor` on Apple platforms) compiles but is never called. As Apple's, the protocol is
/// not isolated to an actor and does not require `Sendable`: the center calls the extension
/// from its own task, as it calls the delegate, so a `@MainActor` extension implements the
/// `async` form or makes its `didReceive` `nonisolated`. To change the buttons of the notification
/// on screen (Apple's `extensionContext?.notificationActions`), add a request with the same
/// identifier and a category that has the other actions, then answer
/// ``UNNotificationContentExtensionResponseOption/doNotDismiss``: usernoted replaces the
/// notification in place.
public protocol UNNotificationContentExtension: AnyObject {
    /// Handles the user's action; call `completion` with what should happen to the notification.
    /// usernoted keeps the response until then.
    @preconcurrency
    func didReceive(
        _ response: UNNotificationResponse,
        completionHandler completion: @escaping @Sendable (UNNotificationContentExtensionResponseOption) -> Void)

    /// Handles the user's action; returns what should happen to the notification.
    func didReceive(_ response: UNNotificationResponse) async -> UNNotificationContentExtensionResponseOption
}

extension UNNotificationContentExtension {
    /// By default the action goes on to the app's delegate.
    @preconcurrency
    public func didReceive(
        _ response: UNNotificationResponse,
        completionHandler completion: @escaping @Sendable (UNNotificationContentExtensionResponseOption) -> Void
    ) {
        completion(.dismissAndForwardAction)
    }

    /// By default, the completion-handler form, answered when its handler is first called.
    public func didReceive(_ response: UNNotificationResponse) async -> UNNotificationContentExtensionResponseOption {
        await withCheckedContinuation { (continuation: CheckedContinuation<UNNotificationContentExtensionResponseOption, Never>) in
            let once = CompletionOnce(continuation)
            didReceive(response, completionHandler: { once.complete($0) })
        }
    }
}
