import UsernotedAPI

extension UNUserNotificationCenter {
    /// Sets the app's badge count (`Center1.SetBadge`, shown through the Unity LauncherEntry API).
    public func setBadgeCount(_ newBadgeCount: Int) async throws {
        let count = Int32(clamping: newBadgeCount)
        _ = try await perform { try await $0.call(Center1.setBadge, count) }
    }

    /// ``setBadgeCount(_:)`` with a completion handler, called with nil or the error.
    /// The handler has no default (Apple's has `nil`): with one, `try await center.setBadgeCount(…)` in
    /// top-level code resolves to this form and returns before the call is made.
    public func setBadgeCount(_ newBadgeCount: Int, withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)?) {
        let count = Int32(clamping: newBadgeCount)
        let task = calls.enqueue { [self] in _ = try await proxy().call(Center1.setBadge, count) }
        Task {
            do { try await task.value; completionHandler?(nil) } catch { completionHandler?(error) }
        }
    }
}
