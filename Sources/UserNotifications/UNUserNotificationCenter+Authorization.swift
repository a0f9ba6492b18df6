import DBus
import UsernotedAPI

extension UNUserNotificationCenter {
    /// Whether the user allows the app's notifications, as usernoted stores it: true when
    /// authorized or provisional, false when denied. An app usernoted has not seen is recorded as
    /// authorized on first use, unless the user's config.toml says to ask (`[authorization] ask`):
    /// then usernoted asks with a notification (*Allow* / *Don't Allow*) and this returns the
    /// user's choice once they make it (false when they close the question without choosing).
    /// Throws ``UNError/Code/daemonUnavailable`` when usernoted cannot be reached, or leaves
    /// the bus while the user is being asked.
    public func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool {
        let status = try await requestedAuthorization()
        return status == "authorized" || status == "provisional"
    }

    /// ``requestAuthorization(options:)`` with a completion handler.
    @preconcurrency
    public func requestAuthorization(
        options: UNAuthorizationOptions = [], completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        Task {
            do { completionHandler(try await requestAuthorization(options: options), nil) } catch { completionHandler(false, error) }
        }
    }

    /// `Center1.RequestAuthorization`, and while the user is being asked, the `AuthorizationChanged`
    /// signal that brings their answer (listened to before the call, so it cannot be missed).
    private func requestedAuthorization() async throws -> String {
        let (status, answers, departures) = try await perform { proxy in
            let answers = try await proxy.connection.signals(matching: Center1.authorizationChanges(of: proxy.appID))
            let departures = try await proxy.connection.nameOwnerChanges(of: Center1.busName)
            try await proxy.call(Center1.subscribe)
            return (try await proxy.call(Center1.requestAuthorization), answers, departures)
        }
        guard status == "notDetermined" else { return status }
        defer { performDetached("Unsubscribe") { proxy in try await proxy.call(Center1.unsubscribe) } }
        return try await withThrowingTaskGroup(of: String.self) { group in
            group.addTask {
                for await answer in answers { if let status = answer.body.last?.as(String.self) { return status } }
                throw CancellationError()
            }
            group.addTask {
                for await change in departures where change.newOwner.isEmpty { break }
                throw UNError(.daemonUnavailable, "usernoted left the bus while the user was being asked whether to allow notifications")
            }
            defer { group.cancelAll() }
            return try await group.next() ?? "notDetermined"
        }
    }
}
