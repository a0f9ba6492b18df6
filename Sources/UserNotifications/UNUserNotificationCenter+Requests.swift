import UsernotedAPI
import UserNotificationsCore

extension UNUserNotificationCenter {
    /// Shows `request` now or schedules it; the same identifier replaces what is pending or shown.
    public func add(_ request: UNNotificationRequest) async throws {
        let json = ModelJSON.encode(try request.model())
        _ = try await perform { try await $0.call(Center1.add, json) }
    }

    /// ``add(_:)`` with a completion handler, called with nil or the error.
    /// The handler has no default (Apple's has `nil`): with one, `try await center.add(…)` in
    /// top-level code resolves to this form and returns before the call is made.
    public func add(_ request: UNNotificationRequest, withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)?) {
        let json: String
        do {
            json = ModelJSON.encode(try request.model())
        } catch {
            completionHandler?(error)
            return
        }
        let task = calls.enqueue { [self] in _ = try await proxy().call(Center1.add, json) }
        Task {
            do { try await task.value; completionHandler?(nil) } catch { completionHandler?(error) }
        }
    }

    /// The app's scheduled requests, soonest first; empty when usernoted cannot be asked.
    public func pendingNotificationRequests() async -> [UNNotificationRequest] {
        do {
            return try await perform { proxy in
                try ModelJSON.decodeRequests(try await proxy.call(Center1.getPending)).map(UNNotificationRequest.init)
            }
        } catch {
            Diagnostics.report("GetPending", error)
            return []
        }
    }

    /// ``pendingNotificationRequests()`` with a completion handler.
    public func getPendingNotificationRequests(completionHandler: @escaping @Sendable ([UNNotificationRequest]) -> Void) {
        Task { completionHandler(await pendingNotificationRequests()) }
    }

    /// Unschedules the requests with these identifiers (unknown ones are ignored).
    public func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {
        performDetached("RemovePending") { _ = try await $0.call(Center1.removePending, identifiers) }
    }

    /// Unschedules all of the app's requests.
    public func removeAllPendingNotificationRequests() {
        performDetached("RemoveAllPending") { _ = try await $0.call(Center1.removeAllPending) }
    }
}
