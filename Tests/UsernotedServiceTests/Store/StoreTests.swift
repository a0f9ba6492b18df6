import CLinux
import EventLoop
import Foundation
import GRDB
import Logging
import Synchronization
import Testing
import TestSupport
import UserNotificationsCore
@_spi(Benchmarks) @testable import UsernotedService

/// A suite of the store's tests: a temporary state directory, two apps, and requests to store.
protocol StoreTestCase {
    /// Where the store under test keeps its file; a new one per test.
    var directory: URL { get }
}

extension StoreTestCase {
    var calendar: AppID { .test("org.example.Calendar") }
    var other: AppID { .test("org.example.Other") }

    /// A store as a newly started daemon opens it.
    func reopen() throws -> Store { try Store(directory: directory, logger: Logger(label: "test")) }

    /// One category, `C`, with one action, `A` (Accept).
    func categories() throws -> [NotificationCategory] {
        try ModelJSON.decodeCategories(#"[{"identifier":"C","actions":[{"identifier":"A","title":"Accept"}]}]"#)
    }

    func request(_ id: String, title: String = "Title") -> NotificationRequest {
        NotificationRequest(identifier: id, content: NotificationContent(title: title, userInfo: ["K": .string(id)]))
    }

    /// Action `A` chosen on request `id`.
    func response(to id: String) -> NotificationResponse {
        NotificationResponse(
            appId: calendar, requestId: id, actionIdentifier: "A", userText: nil, notification: request(id),
            date: Date(timeIntervalSince1970: 1_800_000_000), activationToken: nil)
    }
}

/// The store on a real SQLite file: what one daemon writes, the next one reads back; opening,
/// and where the file lives. Each table's own behaviour is in `Store+<Table>Tests.swift`.
@Suite struct StoreTests: StoreTestCase {
    let directory: URL

    init() throws { directory = try TemporaryDirectory.make(prefix: "usernoted-store") }

    @Test func everythingWrittenIsThereAfterReopening() async throws {
        let store = try reopen()
        let category = try categories()
        try await store.setCategories(category, of: calendar)
        try await store.setHandler(calendar, .bus(name: ":1.42", path: "/org/example/Handler"))
        try await store.setHandler(other, .exec(argv: ["/usr/bin/logger", "-t", "usernoted"]))
        let fireDate = Date(timeIntervalSince1970: 2_000_000_000)
        try await store.savePending(PendingRequest(app: calendar, request: request("P"), fireDate: fireDate, addedAt: .now))
        try await store.saveDelivered(DeliveredNotification(app: calendar, request: request("D"), category: category[0], serverID: 7, date: .now))
        let response = response(to: "D")
        try await store.enqueue(response)

        let again = try reopen()
        #expect(try await again.restored().categories == [calendar: category])
        #expect(try await again.allHandlers() == [
            calendar: .bus(name: ":1.42", path: "/org/example/Handler"),
            other: .exec(argv: ["/usr/bin/logger", "-t", "usernoted"]),
        ])
        #expect(try await again.pending(of: calendar).map(\.request) == [request("P")])
        #expect(try await again.pending(of: calendar).first?.fireDate == fireDate)
        let delivered = try await again.allDelivered()
        #expect(delivered.map(\.request) == [request("D")])
        #expect(delivered.first?.serverID == 7 && delivered.first?.category == category[0])
        #expect(try await again.outbox(of: calendar).map(\.response) == [response])
    }

    /// Closed, the store is in `state.sqlite`: a copy of that one file holds everything, even
    /// a write nobody waited for that was still waiting for company (a server id).
    @Test func closedStateSqliteHoldsEverythingEvenWhatNobodyWaitedFor() async throws {
        let store = try reopen()
        try await store.saveDelivered(DeliveredNotification(app: calendar, request: request("D"), category: nil, serverID: nil, date: .now))
        let response = response(to: "D")
        try await store.enqueue(response)
        _ = store.queueServerID(41, of: (calendar, "D"), mayWait: true)
        await store.close()
        #expect(try logSize() == Self.logOfOnePage, "the write-ahead log is emptied and started again with one page")

        let copy = try TemporaryDirectory.make(prefix: "usernoted-store-copy")
        try FileManager.default.copyItem(at: directory.appending(path: "state.sqlite"), to: copy.appending(path: "state.sqlite"))
        let again = try Store(directory: copy, logger: Logger(label: "test"))
        #expect(try await again.allDelivered().first?.serverID == 41)
        #expect(try await again.outbox(of: calendar).map(\.response) == [response])
    }

    /// A store closed cleanly opens without a write: its log was started at the close, so
    /// the next start syncs no new log (GRDB writes to start one when it finds it empty).
    @Test func aStoreClosedCleanlyOpensAgainWithoutWriting() async throws {
        let store = try reopen()
        let response = response(to: "D")
        try await store.enqueue(response)
        await store.close()
        let closed = try logSize()
        let again = try reopen()
        #expect(try logSize() == closed, "opening wrote to the log")
        #expect(try await again.outbox(of: calendar).map(\.response) == [response])
        await again.close()
    }

    /// The write-ahead log's size in bytes.
    private func logSize() throws -> Int? {
        try directory.appending(path: "state.sqlite-wal").resourceValues(forKeys: [.fileSizeKey]).fileSize
    }

    /// A log's header and one frame of a 4 KiB page: 32 + 24 + 4 096 bytes.
    static let logOfOnePage = 4152

    @Test func whatIsGivenWhileTheStoreOpensWaitsForItAndIsWrittenInOrder() async throws {
        let database = Future<any DatabaseWriter>()
        let store = Store(database, logger: Logger(label: "test"))
        func pending(_ title: String) -> PendingRequest {
            PendingRequest(app: calendar, request: request("P", title: title), fireDate: .distantFuture, addedAt: .now)
        }
        let first = store.queuePending(pending("First"), limit: 10)
        let second = store.queuePending(pending("Second"), limit: 10)
        let read = Mutex(false)
        let reading = Task {
            defer { read.withLock { $0 = true } }
            return try await store.pendingCount(of: calendar)
        }
        try await Task.sleep(for: .milliseconds(50))
        #expect(!read.withLock { $0 }, "a read answered before the database was open")
        database.resolve(Result { try Store.open(directory) })
        _ = try await withDeadline(.seconds(10), "the writes given before the database opened") { (try await first.value, try await second.value) }
        #expect(try await withDeadline(.seconds(10), "the read given before the database opened") { try await reading.value } <= 1)
        #expect(try await reopen().pending(of: calendar).map(\.request.content.title) == ["Second"])
    }

    /// The reader's connection opens at a lower priority on a thread of its own: the thread
    /// that opens the store, which then hands the database to what waits for it, keeps its own.
    @Test func theReadersConnectionGivesWayOnAThreadOfItsOwn() {
        let caller = gettid()
        let before = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(caller))
        let worker = Mutex<(thread: pid_t, priority: Int32)?>(nil)
        Store.givingWay {
            let thread = gettid()
            worker.withLock { $0 = (thread, getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(thread))) }
        }
        let ran = worker.withLock { $0 }
        #expect(ran?.priority == 10, "the work ran at nice \(String(describing: ran?.priority))")
        #expect(ran != nil && ran?.thread != caller, "the work ran on the caller's thread")
        #expect(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(caller)) == before)
    }

    @Test func aStoreThatCannotOpenSaysWhyOnEveryReadAndWrite() async throws {
        let file = directory.appending(path: "a-file")
        try Data().write(to: file)
        let store = Store.opening(directory: file.appending(path: "state"), logger: Logger(label: "test"))
        let why = "cannot keep state in \(file.path)/state: Not a directory (choose another with --state-dir or USERNOTED_STATE_DIR)"
        let writes = [Task { try await store.setCategories([], of: calendar) }, Task { try await store.removeHandler(calendar) }]
        for write in writes {
            let error = await #expect(throws: StateDirectoryError.self) {
                try await withDeadline(.seconds(10), "a write to a store that cannot open") { try await write.value }
            }
            #expect(error?.description == why)
        }
        let error = await #expect(throws: StateDirectoryError.self) {
            try await withDeadline(.seconds(10), "a read of a store that cannot open") { try await store.readNow(store.allCategories) }
        }
        #expect(error?.description == why)
        let restoring = await #expect(throws: StateDirectoryError.self) {
            try await withDeadline(.seconds(10), "what a store that cannot open restores") { try await store.restored() }
        }
        #expect(restoring?.description == why)
    }

    @Test func theStateDirectoryFollowsXDGAndTheOverride() {
        #expect(Store.defaultDirectory(environment: ["USERNOTED_STATE_DIR": "/s", "XDG_STATE_HOME": "/x"]).path == "/s")
        #expect(Store.defaultDirectory(environment: ["XDG_STATE_HOME": "/x", "HOME": "/h"]).path == "/x/usernoted")
        #expect(Store.defaultDirectory(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]).path == "/h/.local/state/usernoted")
        #expect(Store.defaultDirectory(environment: ["HOME": "/h"]).path == "/h/.local/state/usernoted")
    }
}


extension AppID {
    static func test(_ text: String) -> AppID { try! AppID(validating: text) }
}
