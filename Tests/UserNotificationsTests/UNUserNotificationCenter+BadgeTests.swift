import Testing
import TestSupport
@testable import UserNotifications

/// `SetBadge` is not served by usernoted yet: these check the call against a stand-in.
struct UNUserNotificationCenterBadgeTests {
    @Test func setBadgeCountSendsTheCount() async throws {
        let fake = try await FakeCenter()
        let center = try await fake.center()
        try await center.setBadgeCount(5)
        #expect(try await fake.next("SetBadge") == [.int32(5)])
        let done = Inbox<String>()
        center.setBadgeCount(0) { done.put($0.map { "\($0)" } ?? "ok") }
        #expect(try await done.next() == "ok")
        #expect(try await fake.next("SetBadge") == [.int32(0)])
    }
}
