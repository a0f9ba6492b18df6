import CLinux
import EventLoop
import Foundation
import GRDB
import Logging
import UserNotificationsCore

/// The daemon's durable state in SQLite (WAL): categories, handlers, pending and delivered
/// requests, and the response outbox. Every write is committed when its call returns.
///
/// This file opens the database and holds what the tables share; each table's record type and
/// methods are in a file of its own (`Store+Categories.swift`, `Store+Handlers.swift`,
/// `Store+Pending.swift`, `Store+Delivered.swift`, `Store+Outbox.swift`). Statements that run
/// once or more per notification are prepared once per connection (`cachedStatement`); the
/// others are written with GRDB's query interface, which prepares its statement on each call.
///
/// Rows that no longer decode (written by a newer version, or damaged) are skipped with a
/// log line, never fatal: one bad row must not take every app's state with it.
public final class Store: Sendable {
    /// The database, once open.
    private let database: Future<any DatabaseWriter>
    /// Every write goes through here: applied in the order submitted, and those of many calls
    /// in flight share a transaction.
    let batch: WriteBatch
    let logger: Logger
    /// How many requests each app has pending, counted once per app and then kept in step by
    /// the writes here (changed only inside write transactions, forgotten when one fails), so
    /// that the limit check of an add does not count an app's rows each time.
    let pendingCounts = PendingCounts()
    /// Copies the write-ahead log back off the writer's path; nil: SQLite does, in the commits.
    private let checkpoints: Checkpointer?
    /// What a start restores, read by the thread that opens the store (``restored()``); nil:
    /// read when asked.
    let restoring: Future<Restored>?

    /// Opens (creating and migrating) `state.sqlite` in `directory`; a ``StateDirectoryError`` says why it cannot.
    @_spi(Benchmarks) public convenience init(directory: URL, logger: Logger) throws {
        let checkpoints = Checkpointer(file: Self.file(in: directory))
        self.init(Future(.success(try Self.open(directory, checkpoints: checkpoints))), logger: logger, checkpoints: checkpoints)
    }

    /// The store in `directory`, opened on a thread of its own while the caller goes on (the
    /// daemon connects to the bus meanwhile): reads and writes wait until it is open, and
    /// throw the reason when it could not be. Transactions started on `loop`'s thread are
    /// written there (``WriteBatch``).
    public static func opening(directory: URL, logger: Logger, committingOn loop: LoopThread? = nil) -> Store {
        let database = Future<any DatabaseWriter>(), checkpoints = Checkpointer(file: file(in: directory))
        let restoring = Future<Restored>()
        let store = Store(database, logger: logger, committingOn: loop, checkpoints: checkpoints, restoring: restoring)
        // Opening (creating, migrating) blocks on the disk: a thread of its own keeps the loop
        // free meanwhile. Not a global dispatch queue: its first use starts libdispatch's
        // worker pool monitor, which then wakes the process every second for good. It starts
        // off the CPU of the thread that asks (usernoted's loop, which connects to the bus
        // meanwhile) when another CPU is idle; on a busy machine, where the scheduler puts it.
        detachNewThread(startingOff: CPUPlacement.someIdle ? CPUPlacement.current : nil) { _ in
            let opened = Result {
                try open(directory, checkpoints: checkpoints) { writer in
                    // Nothing else writes before the database is handed over below.
                    restoring.resolve(Result { try writer.writeWithoutTransaction(store.restored) })
                    // Then the reader's connection (`open` finds it open), at a lower priority.
                    givingWay { _ = try? writer.read { _ in } }
                }
            }
            if case .failure(let error) = opened { restoring.resolve(.failure(error)) }  // not open: nothing to restore
            database.resolve(opened)
        }
        return store
    }

    /// Runs `work` on a thread of its own at a lower priority (nice 10), and waits for it. The
    /// thread that opens the store opens the reader's connection this way once it has handed
    /// over what a start restores: the bus name does not wait for that connection, while the
    /// loop thread, the bus daemon and the notification server answer the start's round trips,
    /// and on two cores it took a core from them (docs/performance.md, P7). A thread of its own,
    /// which ends there, because a thread keeps its priority (an unprivileged one cannot raise
    /// it again) and passes it on to the threads it starts: the opening thread goes on to hand
    /// the database to whatever waits for it, which may queue GRDB's first write and so start
    /// libdispatch's workers.
    static func givingWay(_ work: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        detachNewThread {
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(gettid()), 10)
            work()
            done.signal()
        }
        done.wait()
    }

    /// A store on `database`, open or still opening, whose writer's commits ask `checkpoints`
    /// to checkpoint (``open(_:checkpoints:)``).
    init(
        _ database: Future<any DatabaseWriter>, logger: Logger, committingOn loop: LoopThread? = nil, checkpoints: Checkpointer? = nil,
        restoring: Future<Restored>? = nil
    ) {
        self.database = database
        self.checkpoints = checkpoints
        self.restoring = restoring
        // A transaction that did not commit may have changed counts: they are counted again.
        let counts = pendingCounts
        batch = WriteBatch(database, committingOn: loop) { counts.withLock { $0 = [:] } }
        self.logger = logger
    }

    /// Creates, migrates and opens the database in `directory`, with a reader connection ready
    /// (the first read would otherwise open it on the loop thread); its writer's commits ask
    /// `checkpoints` for the log's checkpoints (none: SQLite checkpoints in the commit).
    /// `migrated` is given the writer once the database is migrated, before the reader opens.
    static func open(
        _ directory: URL, checkpoints: Checkpointer? = nil, migrated: (any DatabaseWriter) -> Void = { _ in }
    ) throws(StateDirectoryError) -> any DatabaseWriter {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            var configuration = Configuration()
            configuration.label = "usernoted.store"
            checkpoints?.watchCommits(in: &configuration)
            let database = try DatabasePool(path: file(in: directory).path, configuration: configuration)
            try StoreSchema.migrator.migrate(database)
            migrated(database)
            try database.read { _ in }
            return database
        } catch {
            throw StateDirectoryError(directory, error)
        }
    }

    /// The database file in `directory`.
    static func file(in directory: URL) -> URL { directory.appending(path: "state.sqlite") }

    /// The state directory: `$USERNOTED_STATE_DIR`, else `$XDG_STATE_HOME/usernoted`, else
    /// `~/.local/state/usernoted`.
    public static func defaultDirectory(environment: [String: String] = ProcessEnvironment.read()) -> URL {
        if let explicit = environment["USERNOTED_STATE_DIR"], !explicit.isEmpty { return URL(filePath: explicit) }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(filePath: state).appending(path: "usernoted")
        }
        let home = environment["HOME"].map { URL(filePath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appending(path: ".local/state/usernoted")
    }

    /// Commits what waits (a server id, a response's outbox row) and refuses writes from then
    /// on, copies the write-ahead log into `state.sqlite` and empties it, then closes the
    /// database: `state.sqlite` holds everything (a copy of it alone is a backup), and the
    /// next start has no log to read back (SQLite rebuilds its index of a log left behind by
    /// reading every frame of it). For a daemon that served: the copy holds SQLite's write
    /// lock, which another daemon's writes on the same file would meet. Reads after it fail too.
    ///
    /// The emptied log is then started again with one page that changes nothing
    /// (`user_version` written as it is): GRDB, opening a store whose log is empty, writes to
    /// start one, and SQLite syncs the new log's header and its directory, about 1 ms of
    /// `fdatasync` on the path of every start. Paid here, at the stop, instead.
    public func close() async {
        guard let database = try? await database.value else { return }  // never opened: nothing to close
        do {
            try await batch.close()
            await checkpoints?.close()
            _ = try await database.writeWithoutTransaction { try $0.checkpoint(.truncate) }
            try? await database.writeWithoutTransaction { db in
                let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                try db.execute(sql: "PRAGMA user_version = \(version)")
            }
            try database.close()
        } catch {
            logger.warning("store: cannot close the database; its write-ahead log stays for the next start", metadata: ["error": "\(error)"])
        }
    }

    /// Runs raw SQL, for tests that damage rows on purpose.
    func corrupt(_ sql: String) async throws {
        pendingCounts.withLock { $0 = [:] }
        try await batch.write { db in try db.execute(sql: sql) }
    }

    // MARK: Reading rows

    /// Reads on the calling thread (GRDB's reader queue runs it inline when idle): no hop to
    /// another thread and back for a read that takes microseconds. Waits for the database
    /// while it opens.
    func readNow<T>(_ body: (Database) throws -> T) async throws -> T {
        try await database.value.read(body)
    }

    /// The app id a row was written for; nil (logged) when it is no longer valid.
    func decodeApp(_ text: String) -> AppID? {
        guard let app = try? AppID(validating: text) else {
            logger.error("store: skipping a row with an invalid app id", metadata: ["app": "\(text)"])
            return nil
        }
        return app
    }

    /// The value `body` decodes from a row's `json`; nil (logged as a `what`) when it does not decode.
    func decode<T>(_ json: String, _ what: String, _ body: (String) throws -> T) -> T? {
        do {
            return try body(json)
        } catch {
            logger.error("store: skipping a \(what) that does not decode", metadata: ["error": "\(error)"])
            return nil
        }
    }
}
