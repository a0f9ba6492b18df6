import UsernotedAPI
import UserNotificationsCore

extension UNUserNotificationCenter {
    /// The app's notifications on screen; empty when usernoted cannot be asked. Their
    /// `date` is when they were fetched: the daemon does not report when it showed them.
    public func deliveredNotifications() async -> [UNNotification] {
        do {
            return try await perform { proxy in
                let requests = try ModelJSON.decodeRequests(try await proxy.call(Center1.getDelivered))
                let now = Date()
                return requests.map { UNNotification(request: UNNotificationRequest($0), date: now) }
            }
        } catch {
            Diagnostics.report("GetDelivered", error)
            return []
        }
    }

    /// ``deliveredNotifications()`` with a completion handler.
    @preconcurrency
    public func getDeliveredNotifications(completionHandler: @escaping @Sendable ([UNNotification]) -> Void) {
        Task { completionHandler(await deliveredNotifications()) }
    }

    /// Takes these notifications off the screen; no response follows.
    public func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {
        performDetached("RemoveDelivered") { _ = try await $0.call(Center1.removeDelivered, identifiers) }
    }

    /// Takes all of the app's notifications off the screen.
    public func removeAllDeliveredNotifications() {
        performDetached("RemoveAllDelivered") { _ = try await $0.call(Center1.removeAllDelivered) }
    }
}
