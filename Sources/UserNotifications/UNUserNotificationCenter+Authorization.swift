extension UNUserNotificationCenter {
    /// Whether the user allows the app's notifications, as usernoted stores it: true when
    /// authorized or provisional, false when denied. There is no prompt on the Linux desktop:
    /// an app usernoted has not seen is authorized, as its first post records. Throws
    /// ``UNError/Code/daemonUnavailable`` when usernoted cannot be reached.
    public func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool {
        try await storedSettings().authorizationStatus != .denied
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
