import UsernotedAPI

extension UNUserNotificationCenter {
    /// Sets the app's badge count (`Center1.SetBadge`, shown through the Unity LauncherEntry API).
    public func setBadgeCount(_ newBadgeCount: Int) async throws {
        let count = Int32(clamping: newBadgeCount)
        _ = try await perform { try await $0.call(Center1.setBadge, count) }
    }

    /// ``setBadgeCount(_:)`` with a completion handler (left out, `nil` or a closure), called
    /// with nil or the error, as ``add(_:withCompletionHandler:)``.
    @preconcurrency
    public func setBadgeCount(_ newBadgeCount: Int, withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        let count = Int32(clamping: newBadgeCount)
        performReporting("SetBadge", to: completionHandler) { _ = try await $0.call(Center1.setBadge, count) }
    }
}
