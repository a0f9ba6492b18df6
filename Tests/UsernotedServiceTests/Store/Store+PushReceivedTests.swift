import Foundation
import Testing
import TestSupport
import UserNotificationsCore
@testable import UsernotedService

/// The `push_received` table: each push shown once, across restarts.
@Suite struct StorePushReceivedTests: StoreTestCase {
    let directory: URL

    init() throws { directory = try TemporaryDirectory.make(prefix: "usernoted-store") }

    @Test func aPushIsRecordedOnceAndKnownAcrossARestart() async throws {
        let store = try reopen()
        #expect(try await store.recordPush(id: "p1", app: calendar, request: "build", at: Date(timeIntervalSince1970: 100)))
        #expect(try await !store.recordPush(id: "p1", app: calendar, request: "build", at: Date(timeIntervalSince1970: 200)))
        #expect(try await reopen().recordPush(id: "p1", app: calendar, request: "build", at: .now) == false)
        #expect(try await store.recordPush(id: "p2", app: calendar, request: "build", at: Date(timeIntervalSince1970: 300)))
        #expect(try await store.push(of: calendar, request: "build")?.id == "p2", "the newest push that showed it")
        #expect(try await store.push(of: other, request: "build") == nil)
        #expect(try await store.push(of: calendar, request: "build")?.answerPrivate == false)
        try await store.keepAnswerPrivate(pushID: "p2")
        #expect(try await store.push(of: calendar, request: "build")?.answerPrivate == true)
        try await store.forgetPushes(before: Date(timeIntervalSince1970: 250))
        #expect(try await store.recordPush(id: "p1", app: calendar, request: "build", at: .now), "forgotten")
    }
}
