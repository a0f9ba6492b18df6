import EventLoop
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

    @Test func queuedResponsesTakeTheirPlacesInTheOrderQueued() async throws {
        let store = try reopen()
        func queue(_ action: String) -> Future<Int64> {
            let response = NotificationResponse(
                appId: calendar, requestId: "R", actionIdentifier: action, userText: nil, notification: request("R"),
                date: .now, activationToken: nil)
            return store.queueEnqueue(response, json: ModelJSON.encode(response))
        }
        let (first, second) = (queue("A"), queue("B"))
        let (a, b) = (try await first.value, try await second.value)
        #expect(a < b)
        try await store.acknowledge(a)
        #expect(try await store.nextInOutbox(of: calendar)?.response.actionIdentifier == "B")
    }
}
