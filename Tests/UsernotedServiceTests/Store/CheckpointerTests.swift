import EventLoop
import Foundation
import GRDB
import Testing
import TestSupport
@testable import UsernotedService

/// The write-ahead log is copied back by a connection of its own, and stays bounded when
/// writes outrun it.
@Suite struct CheckpointerTests {
    /// The store's file in a new directory, its writer's commits asking `checkpoints`, with
    /// one table for filler rows.
    struct Watched {
        let file: URL
        let checkpoints: Checkpointer
        let database: DatabasePool

        init() async throws {
            file = Store.file(in: try TemporaryDirectory.make(prefix: "usernoted-checkpoints"))
            checkpoints = Checkpointer(file: file)
            var configuration = Configuration()
            checkpoints.watchCommits(in: &configuration)
            database = try DatabasePool(path: file.path, configuration: configuration)
            try await database.write { db in try db.execute(sql: "CREATE TABLE filler (x BLOB)") }
        }

        /// `count` transactions of one row of about a page each, one after the other.
        func fill(_ count: Int) async throws {
            for _ in 0..<count {
                try await database.write { db in try db.execute(sql: "INSERT INTO filler VALUES (randomblob(3000))") }
            }
        }

        /// The bytes of the database file, or of the file whose name adds `suffix` to it.
        func size(_ suffix: String = "") throws -> Int {
            try FileManager.default.attributesOfItem(atPath: file.path + suffix)[.size] as? Int ?? 0
        }

        /// The pages the log has held at most: its file keeps its largest size (a header,
        /// then a frame header and a page per frame).
        func largestLog() throws -> Int { max(try size("-wal") - 32, 0) / (24 + 4096) }

        func close() async throws {
            await checkpoints.close()
            try database.close()
        }
    }

    @Test func theLogIsCopiedBackByTheCheckpointsOwnConnection() async throws {
        let watched = try await Watched()
        try await watched.fill(600)  // some 1 200 pages in the log, short of the writer's own bound
        _ = try await withDeadline(.seconds(10), "a checkpoint of the checkpoints' own connection") {
            while watched.checkpoints.made.load(ordering: .relaxed) == 0 { try await Task.sleep(for: .milliseconds(10)) }
            return true
        }
        // The rows' pages are in the database file now, not only in the log.
        #expect(try watched.size() / 4096 >= 300)
        let rows = try await watched.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM filler") }
        #expect(rows == 600)
        try await watched.close()
    }

    @Test func writesThatOutrunTheCheckpointsCheckpointThemselvesAtTheBound() async throws {
        let watched = try await Watched()
        // No checkpoint of its own runs meanwhile: the writer's commits must bound the log.
        try await watched.checkpoints.holding { try await watched.fill(2500) }  // some 5 000 pages and more
        #expect(try watched.largestLog() <= Int(Checkpointer.backstop) + 10)
        try await watched.close()
    }

    @Test func aRoundOfTheLogAsksForOneCheckpointAndTheWriterCheckpointsAtTheBound() {
        var round = LogRound()
        let bound = Checkpointer.backstop
        let steps = [10, 999, 1000, 1500, bound - 1, bound, bound + 3, 3, 1200, 1300].map { round.commit(pages: $0) }
        #expect(steps == [.none, .none, .ask, .none, .none, .checkpointHere, .checkpointHere, .none, .ask, .none])
    }
}
