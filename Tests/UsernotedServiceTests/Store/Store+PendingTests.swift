import Foundation
import Testing
import TestSupport
import UserNotificationsCore
@_spi(Benchmarks) @testable import UsernotedService

/// The `pending` table: requests waiting for their trigger, the per-app limit, and firing.
@Suite struct StorePendingTests: StoreTestCase {
    let directory: URL

    init() throws { directory = try TemporaryDirectory.make(prefix: "usernoted-store") }

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
}
