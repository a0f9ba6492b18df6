import EventLoop
import GRDB
import Synchronization

/// Group commit: the writes that arrive while a transaction is being written go together in
/// the next one, so that many calls in flight share one transaction per turn instead of
/// queueing one each. A lone write is started at once (once the database is open). Writes
/// are applied in the order they were submitted. Each runs in a savepoint of its own when it
/// shares its transaction (a lone write has the transaction to itself): one that throws is
/// rolled back alone, and only its caller sees the error; a transaction that fails to commit
/// fails every write in it. `onFailedCommit` runs whenever a transaction is rolled back.
/// A write that may wait (``submit(mayWait:oneStatement:inBackground:closing:_:)``) starts no transaction at once:
/// it goes with the next one another write starts, or in one of its own after ``patience``.
///
/// A write nobody waits for at once (``submit(mayWait:oneStatement:inBackground:closing:_:)``) that
/// starts a transaction on the loop's thread is written once the loop has nothing else to
/// do (writes submitted meanwhile wait with it, 8 loop turns at most): alone, on the loop's
/// thread, where no other thread needs waking; with others, on GRDB's writer queue, as every
/// other transaction is.
final class WriteBatch: Sendable {
    /// How long a write that may wait waits for another write to share its transaction.
    static let patience: Duration = .milliseconds(10)

    /// One write: runs inside the transaction (in a savepoint of its own when `shared`), then
    /// hears how the commit went.
    private struct Job: Sendable {
        let run: @Sendable (_ db: Database, _ shared: Bool) throws(RolledBack) -> Void
        let finish: @Sendable ((any Error)?) -> Void
    }

    /// A lone write threw: its transaction is rolled back, and its caller gets its own error.
    private struct RolledBack: Error {}

    /// A write submitted after ``close()``.
    struct Closed: Error, CustomStringConvertible {
        var description: String { "the state database is closed: usernoted is stopping" }
    }

    /// The database, once open (writes submitted before wait for it).
    private let database: Future<any DatabaseWriter>
    /// The loop whose transactions are written on its own thread (none: all on GRDB's).
    private let loop: LoopThread?
    private let onFailedCommit: @Sendable () -> Void
    /// Writes waiting for the next transaction, and the transactions: one written at a time,
    /// and one more right after it when writes that may not wait came meanwhile; whether a
    /// transaction is due after ``patience`` for writes that may wait; and whether writes are
    /// refused (``close()``).
    private let state = Mutex<(waiting: [Job], transactions: SingleFlight, patienceRunning: Bool, closed: Bool)>(
        ([], SingleFlight(), false, false))

    init(_ database: Future<any DatabaseWriter>, committingOn loop: LoopThread? = nil, onFailedCommit: @escaping @Sendable () -> Void = {}) {
        self.database = database
        self.loop = loop
        self.onFailedCommit = onFailedCommit
    }

    /// Runs `body` in the next transaction; returns its result once that transaction is committed.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await submit(body).value
    }

    /// Queues `body` for the next transaction now, behind every write submitted before it;
    /// the result can be awaited later. With `mayWait`, that transaction is the next one
    /// another write starts, or one of its own after ``patience`` (for what a crash may lose:
    /// a notification's server id saves a transaction of its own per post). A write of
    /// `oneStatement` runs a single statement, which SQLite undoes by itself when it fails, so
    /// it needs no savepoint when it shares its transaction. A write `inBackground` is one
    /// whose caller goes on meanwhile (a response, sent to its handler while its outbox row
    /// is written): the transaction it starts on the loop's thread waits for the loop to be idle.
    /// A write `closing` is the last one taken (``close()``); one after it fails with ``Closed``.
    func submit<T: Sendable>(
        mayWait: Bool = false, oneStatement: Bool = false, inBackground: Bool = false, closing: Bool = false,
        _ body: @escaping @Sendable (Database) throws -> T
    ) -> Future<T> {
        let committed = Future<T>()
        let outcome = Mutex<Result<T, any Error>?>(nil)
        let job = Job(
            run: { db, shared throws(RolledBack) in
                do {
                    var value: T?
                    if shared, !oneStatement {
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
        let (refused, start, wait) = state.withLock { state -> (Bool, Bool, Bool) in
            if state.closed { return (true, false, false) }
            state.closed = closing
            state.waiting.append(job)
            guard mayWait else { return (false, state.transactions.request(), false) }
            return (false, false, !state.transactions.isRunning && Self.startPatience(&state.patienceRunning))
        }
        if refused { committed.resolve(.failure(Closed())) }
        if start { writeWaiting(whenLoopIdle: inBackground) }
        if wait { waitPatiently() }
        return committed
    }

    /// Refuses every write submitted from now on (``Closed``), and returns once those
    /// submitted before are committed.
    func close() async throws {
        try await submit(oneStatement: true, closing: true) { _ in }.value
    }

    /// Whether a wait of ``patience`` must start now (none is running); marks one running.
    private static func startPatience(_ running: inout Bool) -> Bool {
        defer { running = true }
        return !running
    }

    /// After ``patience``, writes what waits, unless another write took it along meanwhile.
    private func waitPatiently() {
        Task { [self] in
            try? await Task.sleep(for: Self.patience)
            let start = state.withLock { state -> Bool in
                state.patienceRunning = false
                return !state.waiting.isEmpty && state.transactions.request()
            }
            if start { writeWaiting() }
        }
    }

    /// One run of the transactions' flight: writes everything waiting in one transaction
    /// (once the database is open, so that what came while it opened goes together), on
    /// GRDB's writer queue, or `whenLoopIdle` as the type says.
    private func writeWaiting(whenLoopIdle: Bool = false) {
        database.whenResolved { [self] opened in
            switch opened {
            case .success(let database):
                guard whenLoopIdle, let loop, loop.isCurrent else {
                    let jobs = takeWaiting()
                    return database.asyncWriteWithoutTransaction { [self] in writeTransaction(jobs, $0) }
                }
                loop.whenIdle { [self] in
                    let jobs = takeWaiting()
                    if jobs.isEmpty { return transactionFinished() }
                    guard jobs.count == 1 else {
                        return database.asyncWriteWithoutTransaction { [self] in writeTransaction(jobs, $0) }
                    }
                    // GRDB's writer queue is idle (this flight is its only user): its
                    // synchronous write runs on the calling thread, the loop's.
                    database.writeWithoutTransaction { writeTransaction(jobs, $0) }
                }
            case .failure(let error):  // the database could not be opened: each write fails with why
                takeWaiting().forEach { $0.finish(error) }
                transactionFinished()
            }
        }
    }

    /// The writes waiting, now taken for a transaction.
    private func takeWaiting() -> [Job] {
        state.withLock { state -> [Job] in
            defer { state.waiting = [] }
            return state.waiting
        }
    }

    /// Writes `jobs` in one transaction on `db`, tells each how it went, and ends the run.
    private func writeTransaction(_ jobs: [Job], _ db: Database) {
        guard !jobs.isEmpty else { return transactionFinished() }
        let shared = jobs.count > 1
        var error: (any Error)?
        do {
            try Self.inTransaction(db) {
                for job in jobs {
                    try Self.ensureOpen(db)
                    try job.run(db, shared)
                }
            }
        } catch let failed {
            error = failed
        }
        if error != nil { onFailedCommit() }
        if error is RolledBack { error = nil }  // the lone write's own error is its outcome
        // The run ends before its writes hear how it went: a write given at once by one that
        // waited for it starts a run of its own (on the loop when in the background, rather
        // than on the writer as the rest of this run), and the next run's commit still comes
        // after these, this thread holding GRDB's writer until it returns.
        transactionFinished()
        jobs.forEach { $0.finish(error) }
    }

    /// Runs `body` in one transaction, begun and committed with cached statements: GRDB's own
    /// `inTransaction` prepares its BEGIN and COMMIT anew each time, some 18 000 instructions
    /// of every post. Rolled back when `body` or the commit throws.
    private static func inTransaction(_ db: Database, _ body: () throws -> Void) throws {
        try db.cachedStatement(sql: "BEGIN IMMEDIATE TRANSACTION").execute()
        do {
            try body()
            try ensureOpen(db)
            try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
        } catch {
            try? db.rollback()  // when SQLite has not rolled it back already
            throw error
        }
    }

    /// Throws when SQLite rolled the transaction back by itself (a full disk, an I/O error):
    /// what came after would otherwise be written outside it, one statement at a time.
    private static func ensureOpen(_ db: Database) throws {
        guard db.isInsideTransaction else {
            throw DatabaseError(resultCode: .SQLITE_ABORT, message: "SQLite rolled the transaction back after an error; none of it was written")
        }
    }

    /// A run ended: writes what came meanwhile, if a write that may not wait did; waits
    /// ``patience`` for writes that may.
    private func transactionFinished() {
        let (again, wait) = state.withLock { state -> (Bool, Bool) in
            // A run asked for by writes that this one took along would write nothing: the
            // flight ends, and a write given from now on starts its own (on the loop, when
            // in the background).
            if state.transactions.runFinished(), state.waiting.isEmpty { _ = state.transactions.runFinished() }
            if state.transactions.isRunning { return (true, false) }
            return (false, !state.waiting.isEmpty && Self.startPatience(&state.patienceRunning))
        }
        if again { writeWaiting() }
        if wait { waitPatiently() }
    }
}
