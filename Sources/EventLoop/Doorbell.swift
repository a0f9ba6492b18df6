import Synchronization

/// Wakes one task when there is something for it: ``ring()`` resumes its ``wait()``, or, while
/// it is busy, is kept for its next one (however many rings came meanwhile); ``close()`` ends
/// the waiting once a ring kept is taken. What an `AsyncStream<Void>` buffering one element
/// does, without the stream's generic machinery, which the standard library runs
/// unspecialized: a connection rings once per call it reads, and the stream took about 6 000
/// instructions more each time.
public final class Doorbell: Sendable {
    /// Whether it rang since the last wait, the task waiting (only while it did not), and
    /// whether it is closed.
    private struct State {
        var rung = false
        var waiter: UnsafeContinuation<Bool, Never>?
        var closed = false

        /// What a wait returns without waiting: true for a ring kept (which it takes), false
        /// when closed; nil when it must wait.
        mutating func ready() -> Bool? {
            if rung {
                rung = false
                return true
            }
            return closed ? false : nil
        }
    }

    private let state = Mutex(State())

    public init() {}

    /// Wakes the waiting task, or the next wait when none waits; nothing once closed.
    public func ring() {
        let waiter = state.withLock { state -> UnsafeContinuation<Bool, Never>? in
            guard !state.closed else { return nil }
            guard let waiter = state.waiter else {
                state.rung = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(returning: true)
    }

    /// Ends the waiting: a ring kept is still taken, then every wait returns false.
    public func close() {
        let waiter = state.withLock { state -> UnsafeContinuation<Bool, Never>? in
            state.closed = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: false)
    }

    /// Whether a task waits now (for tests, which ring only once it does).
    package var hasWaiter: Bool { state.withLock { $0.waiter != nil } }

    /// Returns true once rung (at once when it rang since the last wait), false once closed.
    /// One task waits at a time; cancelling it closes the doorbell, as it would end an
    /// `AsyncStream`.
    nonisolated(nonsending) public func wait() async -> Bool {
        if let now = state.withLock({ $0.ready() }) { return now }
        return await withTaskCancellationHandler {
            await withUnsafeContinuation { waiter in
                let now = state.withLock { state -> Bool? in
                    if let now = state.ready() { return now }
                    precondition(state.waiter == nil, "two tasks wait on one doorbell")
                    state.waiter = waiter
                    return nil
                }
                if let now { waiter.resume(returning: now) }
            }
        } onCancel: {
            close()
        }
    }
}
