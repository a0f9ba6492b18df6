import Synchronization

/// A future: a result that arrives later, once (a write's, when its transaction is
/// committed; the store's database, when it is open), awaited or called back. Public and
/// inlinable, so that each user specializes it for its own results (a write's is on every
/// `Post`'s path): Swift 6.3 specializes no `package` generic class across modules, and
/// unspecialized it cost ~44 000 instructions per `Post` in generic-metadata lookups.
public final class Future<T: Sendable>: Sendable {
    @usableFromInline let state: Mutex<State>

    /// The result, once known, and who waits for it until then. A type of its own rather than
    /// a tuple: the deinit, generic and so never specialized, looks up the metadata of every
    /// type its field is made of at each free, five for a tuple of an optional result and
    /// closures (3 700 instructions), three for this (1 500).
    @usableFromInline struct State: Sendable {
        @usableFromInline var result: Result<T, any Error>?
        @usableFromInline var waiters: [@Sendable (Result<T, any Error>) -> Void] = []
        @inlinable init(_ result: Result<T, any Error>?) { self.result = result }
    }

    /// A result still to come, or `result` when it is already known.
    @inlinable public init(_ result: Result<T, any Error>? = nil) { state = Mutex(State(result)) }

    /// The result; throws its error.
    @inlinable public var value: T {
        get async throws {
            if let result = state.withLock({ $0.result }) { return try result.get() }
            return try await withCheckedThrowingContinuation { continuation in
                whenResolved { continuation.resume(with: $0) }
            }
        }
    }

    /// Calls `body` with the result: at once when it is known, else as soon as it is.
    @inlinable public func whenResolved(_ body: @escaping @Sendable (Result<T, any Error>) -> Void) {
        let result = state.withLock { state -> Result<T, any Error>? in
            if state.result == nil { state.waiters.append(body) }
            return state.result
        }
        if let result { body(result) }
    }

    /// Sets the result (the first one counts) and passes it to everyone waiting.
    @inlinable public func resolve(_ result: Result<T, any Error>) {
        let waiters = state.withLock { state -> [@Sendable (Result<T, any Error>) -> Void] in
            guard state.result == nil else { return [] }
            state.result = result
            defer { state.waiters = [] }
            return state.waiters
        }
        waiters.forEach { $0(result) }
    }
}
