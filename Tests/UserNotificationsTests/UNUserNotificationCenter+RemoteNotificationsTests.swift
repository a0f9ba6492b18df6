import Testing
import TestSupport
@testable import UserNotifications

struct UNUserNotificationCenterRemoteNotificationsTests {
    @Test func registeringReturnsTheTokenUsernotedGivesTheApp() async throws {
        let fake = try await FakeCenter()
        fake.replies.set("GetPushToken", "usernoted/v1/devices/d1/apps/org.example.Calendar")
        let center = try await fake.center()
        #expect(try await center.registerForRemoteNotifications() == "usernoted/v1/devices/d1/apps/org.example.Calendar")
        #expect(try await fake.calls.next(within: .seconds(10), "GetPushToken").arguments == [.string("org.example.Calendar")])
    }
}
