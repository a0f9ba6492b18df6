extension UNUserNotificationCenter {
    /// Grants what was asked when usernoted answers: the Linux desktop has no permission
    /// prompt. Throws ``UNError/Code/daemonUnavailable`` when usernoted cannot be reached.
    public func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool {
        try await perform { try await $0.ping() }
        return true
    }

    /// ``requestAuthorization(options:)`` with a completion handler.
    public func requestAuthorization(
        options: UNAuthorizationOptions = [], completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        Task {
            do { completionHandler(try await requestAuthorization(options: options), nil) } catch { completionHandler(false, error) }
        }
    }
}
