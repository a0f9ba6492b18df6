import UsernotedAPI

extension UNUserNotificationCenter {
    /// Registers the app for remote notifications and returns its device token, the MQTT topic
    /// a push provider publishes to (`Center1.GetPushToken`): Apple's
    /// `registerForRemoteNotifications()` and the token its app delegate then receives, in one
    /// call. Throws `UNError` with the daemon's `NoBroker` while usernoted has no `[push]`
    /// broker configured (docs/push.md in the repository).
    public func registerForRemoteNotifications() async throws -> String {
        try await perform { try await $0.call(Center1.getPushToken) }
    }
}
