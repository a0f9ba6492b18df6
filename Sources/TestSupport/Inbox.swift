import Synchronization

/// A queue a test awaits with a deadline: producers `put`, the test takes the `next`.
public final class Inbox<Item: Sendable>: Sendable {
    private struct State {
        var items: [Item] = []
        var waiter: (id: Int, continuation: CheckedContinuation<Item?, Never>)?
        var nextID = 0
        /// Waits whose deadline passed before they started waiting.
        var expired: Set<Int> = []
    }
    private let state = Mutex(State())

    public init() {}

    /// Adds an item, waking the waiting test.
    public func put(_ item: Item) {
        let waiter = state.withLock { state -> CheckedContinuation<Item?, Never>? in
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter.continuation
            }
            state.items.append(item)
            return nil
        }
        waiter?.resume(returning: item)
    }

    /// Items that arrived and were not taken yet.
    public var pending: [Item] { state.withLock { $0.items } }

    /// The next item; throws when none arrives within `timeout`.
    public func next(within timeout: Duration = .seconds(10), _ what: String = "item") async throws -> Item {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        let timer = Task {
            try? await Task.sleep(for: timeout)
            let waiter = state.withLock { state -> CheckedContinuation<Item?, Never>? in
                guard state.waiter?.id == id else {
                    state.expired.insert(id)
                    return nil
                }
                defer { state.waiter = nil }
                return state.waiter?.continuation
            }
            waiter?.resume(returning: nil)
        }
        defer { timer.cancel() }
        let item: Item? = await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Item?? in
                if !state.items.isEmpty { return .some(state.items.removeFirst()) }
                if state.expired.remove(id) != nil { return .some(nil) }
                state.waiter = (id, continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
        guard let item else { throw TestSupportError("no \(what) within \(timeout)") }
        return item
    }
}

/// Waits for `body` at most `timeout`; throws when it takes longer.
public func withDeadline<T: Sendable>(
    _ timeout: Duration = .seconds(10), _ what: String, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: timeout)
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else {
            throw TestSupportError("\(what) did not happen within \(timeout)")
        }
        return value
    }
}

/// Waits until `condition` holds, checking every 20 ms; throws after `timeout`, naming `what`.
public func waitUntil(
    _ what: String, within timeout: Duration = .seconds(10), _ condition: @escaping @Sendable () throws -> Bool
) async throws {
    _ = try await withDeadline(timeout, what) {
        while try !condition() { try await Task.sleep(for: .milliseconds(20)) }
        return true
    }
}
