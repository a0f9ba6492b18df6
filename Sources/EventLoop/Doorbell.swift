import Synchronization

/// Wakes one task when there is something for it: ``ring()`` resumes its ``wait()``, or, while
/// it is busy, is kept for its next one (however many rings came meanwhile); ``close()`` ends
/// the waiting. What an `AsyncStream<Void>` buffering one element does, without the stream's
/// generic machinery, which the standard library runs unspecialized: a connection rings once
/// per call it reads, and the stream took about 6 000 instructions more each time.
public final class Doorbell: Sendable {
    private enum State {
        /// Nobody waits, and nothing rang since the last wait.
        case quiet
        /// Rang while nobody waited: the next wait returns at once.
        case rung
        case waiting(UnsafeContinuation<Bool, Never>)
        case closed
    }

    private let state = Mutex(State.quiet)

    public init() {}

    /// Wakes the waiting task, or the next wait when none waits.
    public func ring() {
        let waiter = state.withLock { state -> UnsafeContinuation<Bool, Never>? in
            switch state {
            case .quiet:
                state = .rung
                return nil
            case .waiting(let waiter):
                state = .quiet
                return waiter
            case .rung, .closed:
                return nil
            }
        }
        waiter?.resume(returning: true)
    }

    /// Ends the waiting: the wait under way and every one after it return false.
    public func close() {
        let waiter = state.withLock { state -> UnsafeContinuation<Bool, Never>? in
            defer { state = .closed }
            guard case .waiting(let waiter) = state else { return nil }
            return waiter
        }
        waiter?.resume(returning: false)
    }

    /// Returns true once rung (at once when it rang since the last wait), false once closed.
    /// One task waits at a time; cancelling it closes the doorbell, as it would end an
    /// `AsyncStream`.
    nonisolated(nonsending) public func wait() async -> Bool {
        if let now = state.withLock({ Self.take(&$0) }) { return now }
        return await withTaskCancellationHandler {
            await withUnsafeContinuation { waiter in
                let now = state.withLock { state -> Bool? in
                    if let now = Self.take(&state) { return now }
                    guard case .quiet = state else { preconditionFailure("two tasks wait on one doorbell") }
                    state = .waiting(waiter)
                    return nil
                }
                if let now { waiter.resume(returning: now) }
            }
        } onCancel: {
            close()
        }
    }

    /// What a wait returns without waiting: true for a ring kept (which it takes), false when closed.
    private static func take(_ state: inout State) -> Bool? {
        switch state {
        case .rung:
            state = .quiet
            return true
        case .closed:
            return false
        case .quiet, .waiting:
            return nil
        }
    }
}
