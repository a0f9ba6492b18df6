import Foundation
import GRDB
import Logging
import Synchronization
import Testing
import TestSupport
import UserNotificationsCore
@testable import UsernotedService

/// The store on a real SQLite file: what one daemon writes, the next one reads back.
@Suite struct StoreTests {
    let directory: URL
    let calendar = AppID.test("org.example.Calendar")
    let other = AppID.test("org.example.Other")

    init() throws { directory = try TemporaryDirectory.make(prefix: "usernoted-store") }

    /// A store as a newly started daemon opens it.
    func reopen() throws -> Store { try Store(directory: directory, logger: Logger(label: "test")) }

    func request(_ id: String, title: String = "Title") -> NotificationRequest {
        NotificationRequest(identifier: id, content: NotificationContent(title: title, userInfo: ["K": .string(id)]))
    }

    @Test func everythingWrittenIsThereAfterReopening() async throws {
        let store = try reopen()
        let category = try ModelJSON.decodeCategories(#"[{"identifier":"C","actions":[{"identifier":"A","title":"Accept"}]}]"#)
        try await store.setCategories(category, of: calendar)
        try await store.setHandler(calendar, .bus(name: ":1.42", path: "/org/example/Handler"))
        try await store.setHandler(other, .exec(argv: ["/usr/bin/logger", "-t", "usernoted"]))
        let fireDate = Date(timeIntervalSince1970: 2_000_000_000)
        try await store.savePending(PendingRequest(app: calendar, request: request("P"), fireDate: fireDate, addedAt: .now))
        try await store.saveDelivered(DeliveredNotification(app: calendar, request: request("D"), category: category[0], serverID: 7, date: .now))
        let response = NotificationResponse(
            appId: calendar, requestId: "D", actionIdentifier: "A", userText: nil, notification: request("D"),
            date: Date(timeIntervalSince1970: 1_800_000_000), activationToken: nil)
        try await store.enqueue(response)

        let again = try reopen()
        #expect(try await again.allCategories() == [calendar: category])
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

    @Test func sameIdentifierReplacesPendingAndAppsAreSeparate() async throws {
        let store = try reopen()
        let date = Date(timeIntervalSince1970: 2_000_000_000)
        try await store.savePending(PendingRequest(app: calendar, request: request("X", title: "old"), fireDate: date, addedAt: .now))
        try await store.savePending(PendingRequest(app: calendar, request: request("X", title: "new"), fireDate: date, addedAt: .now))
        try await store.savePending(PendingRequest(app: other, request: request("X", title: "other's"), fireDate: date, addedAt: .now))
        #expect(try await store.pending(of: calendar).map(\.request.content.title) == ["new"])
        #expect(try await store.pendingCount(of: other) == 1)

        #expect(try await store.removePending(calendar, ids: ["X", "missing"]) == ["X"])
        #expect(try await store.pending(of: calendar).isEmpty)
        #expect(try await store.pending(of: other).map(\.request.content.title) == ["other's"])
    }

    @Test func thePendingLimitCountsAddsReplacementsRemovalsAndFiredRequests() async throws {
        let store = try reopen()
        let date = Date(timeIntervalSince1970: 2_000_000_000)
        func save(_ id: String, _ app: AppID? = nil) async throws -> Bool {
            try await store.savePending(PendingRequest(app: app ?? calendar, request: request(id), fireDate: date, addedAt: .now), limit: 2)
        }
        #expect(try await save("a"))
        #expect(try await save("b"))
        #expect(try await !save("c"), "a third request is over the limit of 2")
        #expect(try await save("b"), "replacing one that is pending is no new request")
        #expect(try await save("c", other), "the limit is per app")
        #expect(try await store.pending(of: calendar).map(\.request.identifier) == ["a", "b"])

        try await store.removePending(calendar, ids: ["a"])
        #expect(try await save("c"), "a removal makes room")
        #expect(try await !save("d"))
        let due = try await store.due(at: date)
        try await store.fired(try #require(due.first { $0.app == calendar }), next: nil)
        #expect(try await save("d"), "a fired one-shot request makes room")
        #expect(try await !save("e"))
        #expect(try await reopen().savePending(
            PendingRequest(app: calendar, request: request("e"), fireDate: date, addedAt: .now), limit: 2) == false,
            "a reopened store counts what is there")
    }

    @Test func dueRequestsComeSoonestFirstAndFiredOnesLeaveOrMoveOn() async throws {
        let store = try reopen()
        let now = Date(timeIntervalSince1970: 1_900_000_000)
        for (id, offset) in [("late", -30.0), ("later", -10.0), ("future", 60.0)] {
            try await store.savePending(PendingRequest(app: calendar, request: request(id), fireDate: now + offset, addedAt: now - 100))
        }
        #expect(try await store.earliestFireDate() == now - 30)
        let due = try await store.due(at: now)
        #expect(due.map(\.request.identifier) == ["late", "later"])

        try await store.fired(due[0], next: nil)
        try await store.fired(due[1], next: now + 3600)
        #expect(try await store.pending(of: calendar).map(\.request.identifier) == ["future", "later"])
        #expect(try await store.earliestFireDate() == now + 60)
    }

    @Test func aRequestReplacedWhileFiringIsNotTouched() async throws {
        let store = try reopen()
        let now = Date(timeIntervalSince1970: 1_900_000_000)
        try await store.savePending(PendingRequest(app: calendar, request: request("X", title: "old"), fireDate: now, addedAt: now))
        let firing = try #require(try await store.due(at: now).first)
        try await store.savePending(PendingRequest(app: calendar, request: request("X", title: "new"), fireDate: now + 5, addedAt: now))
        try await store.fired(firing, next: nil)
        #expect(try await store.pending(of: calendar).map(\.request.content.title) == ["new"])
    }

    @Test func theOutboxKeepsOrderUntilAcknowledged() async throws {
        let store = try reopen()
        var sequence: [Int64] = []
        for action in ["A", "B", "C"] {
            sequence.append(try await store.enqueue(NotificationResponse(
                appId: calendar, requestId: "R", actionIdentifier: action, userText: nil, notification: request("R"),
                date: .now, activationToken: nil)))
        }
        try await store.acknowledge(sequence[0])
        #expect(try await reopen().outbox(of: calendar).map(\.response.actionIdentifier) == ["B", "C"])
        #expect(try await store.nextInOutbox(of: calendar)?.seq == sequence[1])
        try await store.corrupt("UPDATE outbox SET response_json = '{' WHERE seq = \(sequence[1])")
        #expect(try await store.nextInOutbox(of: calendar)?.response.actionIdentifier == "C")  // the damaged one is skipped
        #expect(try await store.nextInOutbox(of: other) == nil)
        #expect(try await store.appsWithOutbox() == [calendar])
        #expect(try await store.outbox(of: other).isEmpty)
    }

    @Test func aDamagedRowIsSkippedNotFatal() async throws {
        let store = try reopen()
        try await store.setCategories([], of: calendar)
        try await store.setCategories([], of: other)
        try await store.corrupt("UPDATE category SET json = '{not json' WHERE app_id = 'org.example.Other'")
        #expect(try await reopen().allCategories() == [calendar: []])
    }

    @Test func whatIsGivenWhileTheStoreOpensWaitsForItAndIsWrittenInOrder() async throws {
        let database = Eventual<any DatabaseWriter>()
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
            try await withDeadline(.seconds(10), "a read of a store that cannot open") { try await store.allCategories() }
        }
        #expect(error?.description == why)
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
