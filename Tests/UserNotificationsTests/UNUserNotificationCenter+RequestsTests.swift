import Testing
import TestSupport
@testable import UserNotifications
import UserNotificationsCore

struct UNUserNotificationCenterRequestsTests {
    @Test func addSendsTheRequestJSON() async throws {
        let fake = try await FakeCenter()
        let center = try await fake.center()
        let content = UNMutableNotificationContent()
        content.title = "Weekly Staff Meeting"
        content.userInfo = ["MEETING_ID": "M-1"]
        try await center.add(UNNotificationRequest(identifier: "m1", content: content, trigger: UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: true)))
        let sent = try ModelJSON.decodeRequest(try #require(try await fake.next("Add").first?.as(String.self)))
        #expect(sent == NotificationRequest(
            identifier: "m1", content: NotificationContent(title: "Weekly Staff Meeting", userInfo: ["MEETING_ID": "M-1"]),
            trigger: .timeInterval(60, repeats: true)))
    }

    @Test func theCompletionFormReportsARefusalBeforeSending() async throws {
        let fake = try await FakeCenter()
        let center = try await fake.center()
        let content = UNMutableNotificationContent()
        content.userInfo = ["when": Date()]
        let result = Inbox<String>()
        center.add(UNNotificationRequest(identifier: "x", content: content, trigger: nil)) { error in
            result.put(error.map { "\($0)" } ?? "ok")
        }
        center.add(UNNotificationRequest(identifier: "y", content: UNMutableNotificationContent(), trigger: nil)) { error in
            result.put(error.map { "\($0)" } ?? "ok")
        }
        #expect(try await result.next().contains("'when'"))
        #expect(try await result.next() == "ok")
        #expect(try await fake.next("Add").first == .string(#"{"content":{"body":"","categoryIdentifier":"","interruptionLevel":"active","subtitle":"","threadIdentifier":"","title":"","userInfo":{}},"identifier":"y"}"#))
    }

    @Test func pendingRequestsComeBackWithTheirTriggers() async throws {
        let fake = try await FakeCenter()
        fake.replies.set("GetPending", #"[{"identifier":"standup","content":{"title":"Standup"},"trigger":{"dateComponents":{"hour":9},"repeats":true}}]"#)
        let center = try await fake.center()
        let pending = await center.pendingNotificationRequests()
        #expect(pending.map(\.identifier) == ["standup"])
        #expect((pending.first?.trigger as? UNCalendarNotificationTrigger)?.dateComponents == DateComponents(hour: 9))
    }

    @Test func removalsSendTheIdentifiers() async throws {
        let fake = try await FakeCenter()
        let center = try await fake.center()
        center.removePendingNotificationRequests(withIdentifiers: ["a", "b"])
        #expect(try await fake.next("RemovePending") == [["a", "b"].dbusValue])
    }
}
