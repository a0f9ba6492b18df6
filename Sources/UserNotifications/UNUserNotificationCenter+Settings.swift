import UsernotedAPI
import UserNotificationsCore

extension UNUserNotificationCenter {
    /// The user's settings for the app, as usernoted stores them; not determined when usernoted
    /// cannot be asked (the failure is written to standard error).
    public func notificationSettings() async -> UNNotificationSettings {
        do {
            return UNNotificationSettings(try await storedSettings())
        } catch {
            Diagnostics.report("GetSettings", error)
            return .unknown
        }
    }

    /// ``notificationSettings()`` with a completion handler.
    @preconcurrency
    public func getNotificationSettings(completionHandler: @escaping @Sendable (UNNotificationSettings) -> Void) {
        Task { completionHandler(await notificationSettings()) }
    }

    /// The app's settings from `Center1.GetSettings` (the defaults, authorized, for an app usernoted has not seen yet).
    func storedSettings() async throws -> AppSettings {
        try await perform { proxy in try ModelJSON.decodeSettings(try await proxy.call(Center1.getSettings)) }
    }
}
