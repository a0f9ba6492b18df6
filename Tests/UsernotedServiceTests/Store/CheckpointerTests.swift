import EventLoop
import Foundation
import GRDB
import Testing
import TestSupport
@testable import UsernotedService

/// The write-ahead log is copied back by a connection of its own, and stays bounded when
/// writes outrun it.
@Suite struct CheckpointerTests {
    /// A database whose writer's commits ask `checkpoints`, with one table for filler rows.
    func database(_ checkpoints: Checkpointer, in directory: URL) async throws -> DatabasePool {
        var configuration = Configuration()
        checkpoints.watchCommits(in: &configuration)
        let database = try DatabasePool(path: directory.appending(path: "state.sqlite").path, configuration: configuration)
        try await database.write { db in try db.execute(sql: "CREATE TABLE filler (x BLOB)") }
        return database
    }

    /// `count` transactions of one row of about a page each, one after the other.
    func fill(_ database: DatabasePool, _ count: Int) async throws {
        for _ in 0..<count {
            try await database.write { db in try db.execute(sql: "INSERT INTO filler VALUES (randomblob(3000))") }
        }
    }

    /// The pages the log has held at most: its file keeps its largest size (a header, then a
    /// frame header and a page per frame).
    func largestLog(in directory: URL) throws -> Int {
        let size = try FileManager.default.attributesOfItem(atPath: directory.appending(path: "state.sqlite-wal").path)[.size] as? Int ?? 0
        return max(size - 32, 0) / (24 + 4096)
    }

    @Test func theLogIsCopiedBackByTheCheckpointsOwnConnection() async throws {
        let directory = try TemporaryDirectory.make(prefix: "usernoted-checkpoints")
        let checkpoints = Checkpointer(path: directory.appending(path: "state.sqlite").path)
        let database = try await database(checkpoints, in: directory)
        try await fill(database, 600)  // some 1 200 pages in the log, short of the writer's own bound
        _ = try await withDeadline(.seconds(10), "a checkpoint of the checkpoints' own connection") {
            while checkpoints.made.load(ordering: .relaxed) == 0 { try await Task.sleep(for: .milliseconds(10)) }
            return true
        }
        // The rows' pages are in the database file now, not only in the log.
        let file = try FileManager.default.attributesOfItem(atPath: directory.appending(path: "state.sqlite").path)[.size] as? Int ?? 0
        #expect(file / 4096 >= 300)
        let rows = try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM filler") }
        #expect(rows == 600)
        await checkpoints.close()
        try database.close()
    }

    @Test func writesThatOutrunTheCheckpointsCheckpointThemselvesAtTheBound() async throws {
        let directory = try TemporaryDirectory.make(prefix: "usernoted-checkpoints")
        let checkpoints = Checkpointer(path: directory.appending(path: "state.sqlite").path)
        let database = try await database(checkpoints, in: directory)
        // No checkpoint of its own runs meanwhile: the writer's commits must bound the log.
        try await checkpoints.holding { try await fill(database, 2500) }  // some 5 000 pages and more
        #expect(try largestLog(in: directory) <= Int(Checkpointer.backstop) + 10)
        await checkpoints.close()
        try database.close()
    }

    @Test func aRoundOfTheLogAsksForOneCheckpointAndTheWriterCheckpointsAtTheBound() {
        var round = LogRound()
        let bound = Checkpointer.backstop
        let steps = [10, 999, 1000, 1500, bound - 1, bound, bound + 3, 3, 1200, 1300].map { round.commit(pages: $0) }
        #expect(steps == [.none, .none, .ask, .none, .none, .checkpointHere, .checkpointHere, .none, .ask, .none])
    }
}
