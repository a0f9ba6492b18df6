/// What an app does when the user answers a notification (`didReceive`), when one
/// arrives while it runs (`willPresent`), and when a background push arrives
/// (`didReceiveRemoteNotification`). Implement either form of each: the other
/// defaults to it. As Apple's, the protocol is not isolated to an actor and does not require
/// `Sendable`: the center calls the delegate from its own task (Apple's from its own queue).
/// Completion handlers are `@Sendable`, so they may be called from any task; a method
/// written with a plain `@escaping` handler (as Apple's samples are) still conforms. The
/// completion-handler requirements are `@preconcurrency`, as Apple's (imported from
/// Objective-C) are: passing a non-`Sendable` handler on to one is a warning in Swift 6, not an error.
public protocol UNUserNotificationCenterDelegate: AnyObject {
    /// Handles the user's response; call `completionHandler` when done (it acknowledges the
    /// response to usernoted, which keeps it until then).
    @preconcurrency
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void)

    /// Handles the user's response; returning acknowledges it.
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async

    /// Decides how a notification is shown while the app runs.
    @preconcurrency
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void)

    /// Decides how a notification is shown while the app runs.
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions

    /// Opens the app's notification settings (never called on the Linux desktop yet).
    func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?)

    /// Handles a background push (`content-available` without an alert, shown nowhere) with the
    /// payload's custom keys, as `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`
    /// does on Apple platforms (there is no application object here); call `completionHandler`
    /// when done (it acknowledges the push to usernoted, which keeps it until then).
    @preconcurrency
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping @Sendable (UNBackgroundFetchResult) -> Void)

    /// Handles a background push; returning acknowledges it.
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceiveRemoteNotification userInfo: [AnyHashable: Any]
    ) async -> UNBackgroundFetchResult
}

extension UNUserNotificationCenterDelegate {
    /// By default a response is acknowledged without doing anything.
    @preconcurrency
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        completionHandler()
    }

    /// By default, the completion-handler form, acknowledged when its handler is called.
    public func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let once = CompletionOnce(continuation)
            userNotificationCenter(center, didReceive: response, withCompletionHandler: { once.complete(()) })
        }
    }

    /// By default a notification is shown as when the app is not running (the Linux desktop
    /// does not know whether an app is in front).
    @preconcurrency
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        completionHandler([.banner, .list, .sound, .badge])
    }

    /// By default, the completion-handler form.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions {
        await withCheckedContinuation { (continuation: CheckedContinuation<UNNotificationPresentationOptions, Never>) in
            let once = CompletionOnce(continuation)
            userNotificationCenter(center, willPresent: notification, withCompletionHandler: { once.complete($0) })
        }
    }

    /// By default nothing happens.
    public func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?) {}

    /// By default a background push is acknowledged without doing anything.
    @preconcurrency
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping @Sendable (UNBackgroundFetchResult) -> Void
    ) {
        completionHandler(.noData)
    }

    /// By default, the completion-handler form, acknowledged when its handler is called.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceiveRemoteNotification userInfo: [AnyHashable: Any]
    ) async -> UNBackgroundFetchResult {
        await withCheckedContinuation { (continuation: CheckedContinuation<UNBackgroundFetchResult, Never>) in
            let once = CompletionOnce(continuation)
            userNotificationCenter(center, didReceiveRemoteNotification: userInfo, fetchCompletionHandler: { once.complete($0) })
        }
    }
}
