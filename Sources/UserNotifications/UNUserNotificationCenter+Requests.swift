import UsernotedAPI
import UserNotificationsCore

extension UNUserNotificationCenter {
    /// Shows `request` now or schedules it; the same identifier replaces what is pending or shown.
    public func add(_ request: UNNotificationRequest) async throws {
        let json = ModelJSON.encode(try request.model())
        _ = try await perform { try await $0.call(Center1.add, json) }
    }

    /// ``add(_:)`` with a completion handler (left out, `nil` or a closure), called with nil or
    /// the error; without one a failure is written to standard error. It returns at once, and the
    /// process waits for the call when it exits. In top-level code Swift picks this form for
    /// `try await center.add(…)` too (it ranks synchronous forms first there, with a warning),
    /// so such a request still reaches usernoted.
    @preconcurrency
    public func add(_ request: UNNotificationRequest, withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        let json: String
        do {
            json = ModelJSON.encode(try request.model())
        } catch {
            if let completionHandler { completionHandler(error) } else { Diagnostics.report("Add", error) }
            return
        }
        performReporting("Add", to: completionHandler) { _ = try await $0.call(Center1.add, json) }
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
    @preconcurrency
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
