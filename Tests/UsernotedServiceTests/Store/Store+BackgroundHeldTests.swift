import Foundation
import Testing
import TestSupport
import UserNotificationsCore
@testable import UsernotedService

/// The `background_held` table: each app's newest background push past its budget.
@Suite struct StoreBackgroundHeldTests: StoreTestCase {
    let directory: URL

    init() throws { directory = try TemporaryDirectory.make(prefix: "usernoted-store") }

    func push(_ id: String, of app: AppID) -> NotificationResponse {
        NotificationResponse(
            appId: app, requestId: id, actionIdentifier: NotificationResponse.backgroundPushActionIdentifier,
            notification: NotificationRequest(identifier: id, content: NotificationContent(userInfo: ["id": .string(id)])),
            date: Date(timeIntervalSince1970: 1_900_000_000))
    }

    @Test func theNewestHeldReplacesTheOlderAndIsKeptUntilReleased() async throws {
        let store = try reopen()
        try await store.holdBackground(push("a", of: calendar), at: Date(timeIntervalSince1970: 1))
        try await store.holdBackground(push("b", of: other), at: Date(timeIntervalSince1970: 2))
        try await store.holdBackground(push("c", of: calendar), at: Date(timeIntervalSince1970: 3))
        #expect(try await reopen().heldBackground() == [push("b", of: other), push("c", of: calendar)])
        try await store.releaseBackground(of: other)
        #expect(try await reopen().heldBackground() == [push("c", of: calendar)])
    }
}
