import Foundation
import Testing
import TestSupport
import UserNotificationsCore
@testable import UsernotedService

/// The `push_outbox` table: answers to pushes until the broker's PUBACK, written with the handlers' outbox.
@Suite struct StorePushOutboxTests: StoreTestCase {
    let directory: URL

    init() throws { directory = try TemporaryDirectory.make(prefix: "usernoted-store") }

    @Test func anAnswerToAPushIsSavedWithTheResponseAndKeptUntilRemoved() async throws {
        let store = try reopen()
        let response = NotificationResponse(
            appId: calendar, requestId: "R", actionIdentifier: "A", userText: nil, notification: request("R"), date: .now,
            activationToken: nil)
        let outgoing = OutgoingResponse(topic: "usernoted/v1/devices/d/apps/x/responses", json: "{\"a\":1}", id: "r1")
        _ = try await store.queueEnqueue(response, json: ModelJSON.encode(response), publishing: outgoing).value
        _ = try await store.queueEnqueue(response, json: ModelJSON.encode(response)).value
        let waiting = try await reopen().pushOutbox()
        #expect(waiting.map(\.response) == [outgoing])
        #expect(try await store.outbox(of: calendar).count == 2)
        try await store.removeFromPushOutbox(try #require(waiting.first?.seq))
        #expect(try await reopen().pushOutbox().isEmpty)
    }
}
