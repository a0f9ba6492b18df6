import EventLoop
import Foundation
import GRDB
import Synchronization
import Testing
import TestSupport
@testable import UsernotedService

/// Writes in flight together share transactions, and each stands or falls on its own.
@Suite struct WriteBatchTests {
    /// A new database with one table, `item (n INTEGER PRIMARY KEY)`.
    func itemDatabase() async throws -> DatabasePool {
        let directory = try TemporaryDirectory.make(prefix: "usernoted-batch")
        let database = try DatabasePool(path: directory.appending(path: "batch.sqlite").path)
        try await database.write { db in try db.execute(sql: "CREATE TABLE item (n INTEGER PRIMARY KEY)") }
        return database
    }

    @Test func writesInFlightAreEachCommittedAndAFailingOneIsRolledBackAlone() async throws {
        let database = try await itemDatabase()
        let batch = WriteBatch(Future(.success(database)))
        let results = try await withThrowingTaskGroup(of: (Int, Bool).self) { group in
            for n in 0..<50 {
                group.addTask {
                    do {
                        try await batch.write { db in
                            try db.execute(sql: "INSERT INTO item (n) VALUES (?)", arguments: [n])
                            if n == 17 { throw TestSupportError("write 17 fails after its insert") }
                        }
                        return (n, true)
                    } catch {
                        return (n, false)
                    }
                }
            }
            return try await group.reduce(into: [Int: Bool]()) { $0[$1.0] = $1.1 }
        }
        #expect(results.filter { !$0.value }.map(\.key) == [17], "only the failing write reports a failure")
        let stored = try await database.read { db in try Int.fetchAll(db, sql: "SELECT n FROM item ORDER BY n") }
        #expect(stored == (0..<50).filter { $0 != 17 }, "its insert was rolled back, the others committed")
    }

    @Test func aLoneWriteThatFailsIsRolledBackAndItsCallerGetsItsOwnError() async throws {
        let database = try await itemDatabase()
        let rollbacks = Inbox<Void>()
        let batch = WriteBatch(Future(.success(database))) { rollbacks.put(()) }
        await #expect(throws: TestSupportError.self) {
            try await batch.write { db in
                try db.execute(sql: "INSERT INTO item (n) VALUES (1)")
                throw TestSupportError("the write fails after its insert")
            }
        }
        #expect(rollbacks.pending.count == 1, "a rolled-back transaction is reported")
        try await batch.write { db in try db.execute(sql: "INSERT INTO item (n) VALUES (2)") }
        let stored = try await database.read { db in try Int.fetchAll(db, sql: "SELECT n FROM item ORDER BY n") }
        #expect(stored == [2], "the failed write left nothing; the next one committed")
    }

    /// When SQLite rolls a transaction back by itself (a full disk, an I/O error; played here by
    /// a write that says ROLLBACK), the writes after it in that transaction fail and leave
    /// nothing: none of them is written outside it, one statement at a time.
    @Test func writesAfterATransactionSQLiteRolledBackFailAndLeaveNothing() async throws {
        let database = try await itemDatabase()
        let batch = WriteBatch(Future(.success(database)))
        let first = batch.submit { db in
            Thread.sleep(forTimeInterval: 0.2)  // the next two queue meanwhile, for one transaction
            try db.execute(sql: "INSERT INTO item (n) VALUES (1)")
        }
        let aborting = batch.submit(oneStatement: true) { db in try db.execute(sql: "ROLLBACK") }
        let after = batch.submit(oneStatement: true) { db in try db.execute(sql: "INSERT INTO item (n) VALUES (3)") }
        try await first.value
        await #expect(throws: (any Error).self) { try await aborting.value }
        await #expect(throws: (any Error).self) { try await after.value }
        let stored = try await database.read { db in try Int.fetchAll(db, sql: "SELECT n FROM item ORDER BY n") }
        #expect(stored == [1], "the write after the rollback was not committed on its own")
    }

    @Test func aWriteThatMayWaitGoesWithTheNextWriteOrAloneAfterItsPatience() async throws {
        let database = try await itemDatabase()
        let commits = CommitCounter()
        try await database.writeWithoutTransaction { db in db.add(transactionObserver: commits) }
        let batch = WriteBatch(Future(.success(database)))
        let insert = { (n: Int) in { @Sendable (db: Database) in try db.execute(sql: "INSERT INTO item (n) VALUES (?)", arguments: [n]) } }
        let waiting = batch.submit(mayWait: true, insert(1))
        try await batch.write(insert(2))
        try await waiting.value
        #expect(commits.count == 1, "the write that may wait went with the next one, in one transaction")
        try await batch.submit(mayWait: true, insert(3)).value
        #expect(commits.count == 2, "alone, it is written after its patience")
        let stored = try await database.read { db in try Int.fetchAll(db, sql: "SELECT n FROM item ORDER BY n") }
        #expect(stored == [1, 2, 3])
    }

    /// The daemon's calls run on its loop: a write nobody waits for at once waits for the loop
    /// to be idle, and alone it is written on the loop's thread (no writer thread woken);
    /// several of the same turn go together to GRDB's writer.
    @Test func backgroundWritesWaitForTheIdleLoopAndALoneOneIsWrittenOnItsThread() async throws {
        let database = try await itemDatabase()
        let commits = CommitCounter()
        try await database.writeWithoutTransaction { db in db.add(transactionObserver: commits) }
        let loop = LoopThread(name: "test.batch")
        let batch = WriteBatch(Future(.success(database)), committingOn: loop)
        let ranOnLoop = Mutex<[Bool]>([])
        let submit = { @Sendable (n: Int) in
            batch.submit(inBackground: true) { db in
                ranOnLoop.withLock { $0.append(loop.isCurrent) }
                try db.execute(sql: "INSERT INTO item (n) VALUES (?)", arguments: [n])
            }
        }
        for write in loop.runAndWait({ (1...3).map(submit) }) { try await write.value }
        #expect(commits.count == 1, "the three writes of the turn in one transaction")
        #expect(ranOnLoop.withLock { $0 } == [false, false, false], "on GRDB's writer")
        try await loop.runAndWait { submit(4) }.value
        #expect(commits.count == 2)
        #expect(ranOnLoop.withLock { $0.last } == true, "a lone one on the loop's thread")
        let stored = try await database.read { db in try Int.fetchAll(db, sql: "SELECT n FROM item ORDER BY n") }
        #expect(stored == [1, 2, 3, 4])
    }

    /// Closing returns once every write given before it is committed, one that may wait
    /// included; a write given after it fails, saying why, and leaves nothing.
    @Test func closingCommitsWhatWaitsAndRefusesWhatComesAfter() async throws {
        let database = try await itemDatabase()
        let batch = WriteBatch(Future(.success(database)))
        let insert = { (n: Int) in { @Sendable (db: Database) in try db.execute(sql: "INSERT INTO item (n) VALUES (?)", arguments: [n]) } }
        let waiting = batch.submit(mayWait: true, insert(1))
        try await batch.close()
        let stored = try await database.read { db in try Int.fetchAll(db, sql: "SELECT n FROM item ORDER BY n") }
        #expect(stored == [1], "the write that may wait was committed when the close returned")
        try await waiting.value
        await #expect(throws: WriteBatch.Closed.self) { try await batch.write(insert(2)) }
        let after = try await database.read { db in try Int.fetchAll(db, sql: "SELECT n FROM item ORDER BY n") }
        #expect(after == [1], "the refused write left nothing")
    }

    @Test func aOneStatementWriteThatFailsInASharedTransactionFailsAlone() async throws {
        let database = try await itemDatabase()
        let batch = WriteBatch(Future(.success(database)))
        let insert = { (n: Int) in { @Sendable (db: Database) in try db.execute(sql: "INSERT INTO item (n) VALUES (?)", arguments: [n]) } }
        let first = batch.submit(mayWait: true, oneStatement: true, insert(1))
        let duplicate = batch.submit(mayWait: true, oneStatement: true, insert(1))
        try await batch.write(insert(2))  // starts the transaction all three share
        try await first.value
        await #expect(throws: DatabaseError.self) { try await duplicate.value }
        let stored = try await database.read { db in try Int.fetchAll(db, sql: "SELECT n FROM item ORDER BY n") }
        #expect(stored == [1, 2], "the failed statement left nothing; the others committed")
    }
}

/// Counts the transactions committed on a database.
private final class CommitCounter: TransactionObserver, Sendable {
    private let commits = Mutex(0)
    var count: Int { commits.withLock { $0 } }
    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseDidCommit(_ db: Database) { commits.withLock { $0 += 1 } }
    func databaseDidRollback(_ db: Database) {}
}
