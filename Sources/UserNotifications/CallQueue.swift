import Synchronization

/// Runs a center's calls one after another in the order they were made, so a
/// fire-and-forget `setNotificationCategories` reaches the daemon before a later `add`.
final class CallQueue: Sendable {
    /// The last call enqueued; the next one starts after it ends.
    private let last = Mutex<Task<Void, Never>?>(nil)

    /// Starts `operation` after every call enqueued before it; returns its task. The process
    /// waits for it when it exits (``ExitFlush``).
    @discardableResult
    func enqueue<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) -> Task<T, any Error> {
        ExitFlush.shared.begin()
        return last.withLock { last in
            let previous = last
            let task = Task {
                defer { ExitFlush.shared.end() }
                await previous?.value
                return try await operation()
            }
            last = Task { _ = await task.result }
            return task
        }
    }
}
