import DBus
import GRDB
import Synchronization

/// Group commit: the writes that arrive while a transaction is being written go together in
/// the next one, so that many calls in flight share one transaction per turn instead of
/// queueing one each. A lone write is started at once (once the database is open). Writes
/// are applied in the order they were submitted. Each runs in a savepoint of its own when it
/// shares its transaction (a lone write has the transaction to itself): one that throws is
/// rolled back alone, and only its caller sees the error; a transaction that fails to commit
/// fails every write in it. `onFailedCommit` runs whenever a transaction is rolled back.
final class WriteBatch: Sendable {
    /// One write: runs inside the transaction (in a savepoint of its own when `shared`), then
    /// hears how the commit went.
    private struct Job: Sendable {
        let run: @Sendable (_ db: Database, _ shared: Bool) throws(RolledBack) -> Void
        let finish: @Sendable ((any Error)?) -> Void
    }

    /// A lone write threw: its transaction is rolled back, and its caller gets its own error.
    private struct RolledBack: Error {}

    /// The database, once open (writes submitted before wait for it).
    private let database: Future<any DatabaseWriter>
    private let onFailedCommit: @Sendable () -> Void
    /// Writes waiting for the next transaction, and the transactions: one written at a time,
    /// and one more right after it when writes came meanwhile.
    private let state = Mutex<(waiting: [Job], transactions: SingleFlight)>(([], SingleFlight()))

    init(_ database: Future<any DatabaseWriter>, onFailedCommit: @escaping @Sendable () -> Void = {}) {
        self.database = database
        self.onFailedCommit = onFailedCommit
    }

    /// Runs `body` in the next transaction; returns its result once that transaction is committed.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await submit(body).value
    }

    /// Queues `body` for the next transaction now, behind every write submitted before it;
    /// the result can be awaited later.
    func submit<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) -> Future<T> {
        let committed = Future<T>()
        let outcome = Mutex<Result<T, any Error>?>(nil)
        let job = Job(
            run: { db, shared throws(RolledBack) in
                do {
                    var value: T?
                    if shared {
                        try db.inSavepoint {
                            value = try body(db)
                            return .commit
                        }
                    } else {
                        value = try body(db)
                    }
                    outcome.withLock { $0 = .success(value!) }
                } catch {
                    outcome.withLock { $0 = .failure(error) }
                    if !shared { throw RolledBack() }
                }
            },
            finish: { commitError in
                if let commitError { return committed.resolve(.failure(commitError)) }
                committed.resolve(outcome.withLock { $0! })
            })
        let start = state.withLock { state -> Bool in
            state.waiting.append(job)
            return state.transactions.request()
        }
        if start { writeWaiting() }
        return committed
    }

    /// One run of the transactions' flight: writes everything waiting in one transaction
    /// (once the database is open, so that what came while it opened goes together).
    private func writeWaiting() {
        database.whenResolved { [self] opened in
            let jobs = state.withLock { state -> [Job] in
                defer { state.waiting = [] }
                return state.waiting
            }
            guard !jobs.isEmpty else { return transactionFinished() }
            let database: any DatabaseWriter
            switch opened {
            case .success(let opened): database = opened
            case .failure(let error):  // the database could not be opened: each write fails with why
                jobs.forEach { $0.finish(error) }
                return transactionFinished()
            }
            let shared = jobs.count > 1
            database.asyncWrite({ db in for job in jobs { try job.run(db, shared) } }, completion: { [self] _, result in
                var error: (any Error)? = if case .failure(let error) = result { error } else { nil }
                if error != nil { onFailedCommit() }
                if error is RolledBack { error = nil }  // the lone write's own error is its outcome
                jobs.forEach { $0.finish(error) }
                transactionFinished()
            })
        }
    }

    /// A run ended: writes what came meanwhile, if anything did.
    private func transactionFinished() {
        if state.withLock({ $0.transactions.runFinished() }) { writeWaiting() }
    }
}
