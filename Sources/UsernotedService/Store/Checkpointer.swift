import Dispatch
import Foundation
import GRDB
import GRDBSQLite
import Synchronization

/// Copies the write-ahead log back into `state.sqlite`, mostly off the writer's path.
///
/// SQLite checkpoints inside the commit that grows its log past 1 000 pages, on the writer's
/// connection: the copy and its `fdatasync`s take about 10 ms, which every write queued
/// behind that commit waits out. Here that commit only asks a connection of its own to
/// checkpoint, on a queue of its own (a passive checkpoint does not block the writer), once
/// per round of the log (``LogRound``). When no write comes while it runs, the writer's next
/// transaction starts the log over; when writes keep coming, the log grows, and at about
/// ``backstop`` pages the committing writer copies what is left itself, as SQLite would.
final class Checkpointer: Sendable {
    /// The pages in the log that ask for a checkpoint (SQLite's default).
    static let threshold: Int32 = 1000
    /// The pages in the log past which the writer checkpoints itself (see docs/performance.md, P3).
    static let backstop: Int32 = 2000

    /// The database file (its path is read where the connection opens: a URL's first `path`
    /// costs a conformance scan, which a start need not make on `main`).
    private let file: URL
    /// Where the checkpoints run, one at a time.
    private let queue = DispatchQueue(label: "usernoted.checkpoints")
    /// The checkpoints' connection, opened on the first one; nil again once closed.
    private let connection = Mutex<(database: DatabaseQueue?, closed: Bool)>((nil, false))
    /// Whether a checkpoint is asked for or under way.
    private let asked = Atomic<Bool>(false)
    /// This round of the log, as its commits left it (the writer's alone).
    private let round = Mutex(LogRound())
    /// How many checkpoints its own connection made (for tests).
    let made = Atomic<Int>(0)

    /// Checkpoints for the database `file`.
    init(file: URL) {
        self.file = file
    }

    /// Makes the commits of the writer that `configuration` opens ask for checkpoints here.
    /// The configuration holds this object for as long as its connections live, which the
    /// commit hook's unretained reference relies on.
    func watchCommits(in configuration: inout Configuration) {
        configuration.prepareDatabase { [self] db in
            guard !db.configuration.readonly else { return }  // a reader never commits
            sqlite3_wal_hook(db.sqliteConnection, { context, connection, name, pages in
                guard let context else { return SQLITE_OK }
                Unmanaged<Checkpointer>.fromOpaque(context).takeUnretainedValue().committed(pages: pages, connection, name)
                return SQLITE_OK
            }, Unmanaged.passUnretained(self).toOpaque())
        }
    }

    /// A commit left `pages` in the log of `db`'s database `name` (on the thread that committed).
    private func committed(pages: Int32, _ db: OpaquePointer?, _ name: UnsafePointer<CChar>?) {
        switch round.withLock({ $0.commit(pages: pages) }) {
        case .none:
            break
        case .ask:
            if asked.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged {
                queue.async { [self] in checkpoint() }
            }
        case .checkpointHere:
            // As SQLite's own hook: busy (a checkpoint here under way) or not, the commit stands.
            _ = sqlite3_wal_checkpoint_v2(db, name, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
        }
    }

    /// One passive checkpoint on this object's connection; a failed one waits for the next ask.
    private func checkpoint() {
        defer { asked.store(false, ordering: .releasing) }
        let database = connection.withLock { state -> DatabaseQueue? in
            guard !state.closed else { return nil }
            if state.database == nil { state.database = try? DatabaseQueue(path: file.path) }
            return state.database
        }
        guard (try? database?.writeWithoutTransaction({ try $0.checkpoint(.passive) })) != nil else { return }
        made.add(1, ordering: .relaxed)
    }

    /// Runs `body` with no checkpoint of this object's under way or starting (for tests).
    func holding<T>(_ body: () async throws -> T) async rethrows -> T {
        queue.suspend()
        defer { queue.resume() }
        return try await body()
    }

    /// Waits for a checkpoint under way and closes the connection; commits ask for none
    /// from then on (``Store/close()`` checkpoints the whole log itself).
    func close() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            queue.async { [self] in
                let database = connection.withLock { state -> DatabaseQueue? in
                    state.closed = true
                    defer { state.database = nil }
                    return state.database
                }
                try? database?.close()
                done.resume()
            }
        }
    }
}

/// One round of the log, from its start to the next time it starts over, as its commits see
/// it: one checkpoint is asked for when it passes ``Checkpointer/threshold``. While writes
/// keep coming, that one cannot reach the log's end; asking again at each commit would run
/// checkpoint after checkpoint, and each one's `fdatasync`s hold up the writer's own writes
/// to the log.
struct LogRound {
    /// What a commit asks for.
    enum Step { case none, ask, checkpointHere }

    private var pages: Int32 = 0
    private var asked = false

    /// A commit left `pages` in the log.
    mutating func commit(pages: Int32) -> Step {
        if pages < self.pages { asked = false }  // the log started over
        self.pages = pages
        if pages >= Checkpointer.backstop { return .checkpointHere }
        guard pages >= Checkpointer.threshold, !asked else { return .none }
        asked = true
        return .ask
    }
}
