import UsernotedAPI
import UserNotificationsCore

extension UNUserNotificationCenter {
    /// Replaces all of the app's categories; returns at once (a failure is written to standard error).
    public func setNotificationCategories(_ categories: Set<UNNotificationCategory>) {
        let json = ModelJSON.encode(categories.map(\.model).sorted { $0.identifier < $1.identifier })
        performDetached("SetCategories") { _ = try await $0.call(Center1.setCategories, json) }
    }

    /// The app's registered categories; empty when usernoted cannot be asked.
    public func notificationCategories() async -> Set<UNNotificationCategory> {
        do {
            return try await registeredCategories()
        } catch {
            Diagnostics.report("GetCategories", error)
            return []
        }
    }

    /// ``notificationCategories()`` with a completion handler.
    @preconcurrency
    public func getNotificationCategories(completionHandler: @escaping @Sendable (Set<UNNotificationCategory>) -> Void) {
        Task { completionHandler(await notificationCategories()) }
    }

    /// The app's registered categories, or the error that prevented asking (Linux only).
    public func registeredCategories() async throws -> Set<UNNotificationCategory> {
        try await perform { proxy in
            let json = try await proxy.call(Center1.getCategories)
            return Set(try ModelJSON.decodeCategories(json, limits: nil).map(UNNotificationCategory.init))
        }
    }
}
