import Foundation
import Testing
import TestSupport
import UserNotificationsCore
@testable import UsernotedService

/// The `outbox` table: responses in line until a handler acknowledges them.
@Suite struct StoreOutboxTests: StoreTestCase {
    let directory: URL

    init() throws { directory = try TemporaryDirectory.make(prefix: "usernoted-store") }

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

    @Test func aResponseIsNextOnlyWhenNothingOfItsAppWaitsBeforeIt() async throws {
        let store = try reopen()
        func enqueue(_ app: AppID) async throws -> (seq: Int64, isNext: Bool) {
            let response = NotificationResponse(
                appId: app, requestId: "R", actionIdentifier: "A", userText: nil, notification: request("R"),
                date: .now, activationToken: nil)
            return try await store.enqueue(response, json: ModelJSON.encode(response))
        }
        let first = try await enqueue(calendar)
        #expect(first.isNext)
        #expect(try await !enqueue(calendar).isNext)
        #expect(try await enqueue(other).isNext, "the line is per app")
        try await store.acknowledge(first.seq)
        #expect(try await !enqueue(calendar).isNext, "the second is still waiting")
    }
}
