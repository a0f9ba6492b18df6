import DBus
import Testing
import UsernotedAPI
import TestSupport
@testable import UserNotifications

struct UNUserNotificationCenterAuthorizationTests {
    @Test(arguments: [("authorized", true), ("provisional", true), ("denied", false)])
    func grantedIsWhatTheUserAllowed(status: String, granted: Bool) async throws {
        let fake = try await FakeCenter()
        fake.replies.set("RequestAuthorization", status)
        #expect(try await fake.center().requestAuthorization(options: [.alert, .sound, .badge]) == granted)
        #expect(try await fake.next("Subscribe") == [])
        #expect(try await fake.next("RequestAuthorization") == [])
    }

    /// While the user is asked, the answer comes as `AuthorizationChanged`: allowed, or closed unanswered.
    @Test(arguments: [("authorized", true), ("notDetermined", false)])
    func whileTheUserIsAskedTheAnswerIsAwaited(answer: String, granted: Bool) async throws {
        let fake = try await FakeCenter()
        fake.replies.set("RequestAuthorization", "notDetermined")
        let center = try await fake.center()
        let result = Task { try await center.requestAuthorization(options: .alert) }
        _ = try await fake.next("Subscribe")
        _ = try await fake.next("RequestAuthorization")
        try fake.connection.emit(
            Center1.authorizationChanged, path: Center1.path, interface: Center1.interface, "org.example.Other", "authorized")
        try fake.connection.emit(Center1.authorizationChanged, path: Center1.path, interface: Center1.interface, "org.example.Calendar", answer)
        #expect(try await result.value == granted, "the other app's answer is not this one's")
        #expect(try await fake.next("Unsubscribe") == [])
    }

    @Test func theDaemonLeavingWhileTheUserIsAskedIsAnError() async throws {
        let fake = try await FakeCenter()
        fake.replies.set("RequestAuthorization", "notDetermined")
        let center = try await fake.center()
        let result = Task { try await center.requestAuthorization() }
        _ = try await fake.next("Subscribe")
        _ = try await fake.next("RequestAuthorization")
        fake.connection.close()
        await #expect { try await result.value } throws: { ($0 as? UNError)?.code == .daemonUnavailable }
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
