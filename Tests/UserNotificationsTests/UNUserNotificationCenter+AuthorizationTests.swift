import Testing
import TestSupport
@testable import UserNotifications

struct UNUserNotificationCenterAuthorizationTests {
    @Test(arguments: [("authorized", true), ("provisional", true), ("denied", false)])
    func grantedIsWhatTheUserAllowed(status: String, granted: Bool) async throws {
        let fake = try await FakeCenter()
        fake.replies.set("GetSettings", #"{"authorizationStatus":"\#(status)"}"#)
        #expect(try await fake.center().requestAuthorization(options: [.alert, .sound, .badge]) == granted)
        #expect(try await fake.next("GetSettings") == [])
    }

    @Test func theCompletionFormReportsAnAbsentDaemon() async throws {
        let bus = try PrivateBus()
        let center = UNUserNotificationCenter(appID: "org.example.Calendar", connection: try await bus.connect())
        let result = Inbox<String>()
        center.requestAuthorization(options: .alert) { granted, error in
            result.put("\(granted) \((error as? UNError)?.code == .daemonUnavailable)")
        }
        #expect(try await result.next() == "false true")
    }
}
