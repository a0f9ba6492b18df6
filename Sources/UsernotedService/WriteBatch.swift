import GRDB
import Synchronization

/// Group commit: the writes that arrive while a transaction is being written go together in
/// the next one, so that many calls in flight share one transaction per turn instead of
/// queueing one each. A lone write is started at once. Each write runs in a savepoint of
/// its own: one that throws is rolled back alone, and only its caller sees the error; a
/// transaction that fails to commit fails every write in it.
final class WriteBatch: Sendable {
    /// One write: runs inside the transaction, then hears how the commit went.
    private struct Job: Sendable {
        let run: @Sendable (Database) -> Void
        let finish: @Sendable ((any Error)?) -> Void
    }

    private let database: any DatabaseWriter
    /// Writes waiting for the next transaction, and whether one is being written.
    private let state = Mutex<(waiting: [Job], writing: Bool)>(([], false))

    init(_ database: any DatabaseWriter) { self.database = database }

    /// Runs `body` in the next transaction; returns its result once that transaction is committed.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let outcome = Mutex<Result<T, any Error>?>(nil)
            let job = Job(
                run: { db in
                    do {
                        var value: T?
                        try db.inSavepoint {
                            value = try body(db)
                            return .commit
                        }
                        outcome.withLock { $0 = .success(value!) }
                    } catch {
                        outcome.withLock { $0 = .failure(error) }
                    }
                },
                finish: { commitError in
                    if let commitError { return continuation.resume(throwing: commitError) }
                    continuation.resume(with: outcome.withLock { $0! })
                })
            let start = state.withLock { state -> Bool in
                state.waiting.append(job)
                guard !state.writing else { return false }
                state.writing = true
                return true
            }
            if start { writeWaiting() }
        }
    }

    /// Writes everything waiting in one transaction, then what came meanwhile, until nothing waits.
    private func writeWaiting() {
        let jobs = state.withLock { state -> [Job] in
            let jobs = state.waiting
            state.waiting = []
            if jobs.isEmpty { state.writing = false }
            return jobs
        }
        guard !jobs.isEmpty else { return }
        database.asyncWrite({ db in jobs.forEach { $0.run(db) } }, completion: { [self] _, result in
            let error: (any Error)? = if case .failure(let error) = result { error } else { nil }
            jobs.forEach { $0.finish(error) }
            writeWaiting()
        })
    }
}
