import Foundation
import Testing
import TestSupport
import UserNotificationsCore
@_spi(Benchmarks) @testable import UsernotedService

/// The `delivered` table: what is on screen, with its category and the server's id.
@Suite struct StoreDeliveredTests: StoreTestCase {
    let directory: URL

    init() throws { directory = try TemporaryDirectory.make(prefix: "usernoted-store") }

    func delivered(_ id: String, title: String = "Title", at seconds: TimeInterval, serverID: UInt32? = nil) -> DeliveredNotification {
        DeliveredNotification(
            app: calendar, request: request(id, title: title), category: nil, serverID: serverID,
            date: Date(timeIntervalSince1970: seconds))
    }

    @Test func deliveredNotificationsComeOldestFirstAndKeepTheirServerIDs() async throws {
        let store = try reopen()
        try await store.saveDelivered(delivered("B", at: 2_000))
        try await store.saveDelivered(delivered("A", at: 1_000, serverID: 3))
        try await store.saveDelivered(delivered("C", at: 3_000))
        try await store.saveDelivered(delivered("D", at: 500))
        try await store.setServerID(9, of: (calendar, "B"))
        try await store.saveDelivered(delivered("C", title: "again", at: 4_000))  // replaces C
        try await store.removeDelivered(calendar, identifier: "D")

        let all = try await reopen().allDelivered()
        #expect(all.map(\.request.identifier) == ["A", "B", "C"])
        #expect(all.map(\.serverID) == [3, 9, nil])
        #expect(all.map(\.request.content.title) == ["Title", "Title", "again"])
        #expect(all.map(\.date) == [1_000, 2_000, 4_000].map(Date.init(timeIntervalSince1970:)))
    }

    @Test func deliveringWhileUnschedulingTakesTheRequestOutOfPending() async throws {
        let store = try reopen()
        let date = Date(timeIntervalSince1970: 2_000_000_000)
        try await store.savePending(PendingRequest(app: calendar, request: request("P"), fireDate: date, addedAt: date))
        #expect(try await !store.saveDelivered(delivered("P", at: 1_000)), "without unscheduling, pending is not touched")
        #expect(try await store.isPending(calendar, "P"))
        #expect(try await store.saveDelivered(delivered("P", at: 1_000), unscheduling: true))
        #expect(try await !store.isPending(calendar, "P"))
        #expect(try await !store.saveDelivered(delivered("P", at: 1_000), unscheduling: true), "nothing was pending")
        #expect(try await store.savePending(
            PendingRequest(app: calendar, request: request("Q"), fireDate: date, addedAt: date), limit: 1),
            "the unscheduled request no longer counts against the limit")
    }
}
