import Testing
import TestSupport
@testable import UserNotifications

struct UNUserNotificationCenterDeliveredTests {
    @Test func deliveredNotificationsCarryTheirRequests() async throws {
        let fake = try await FakeCenter()
        fake.replies.set("GetDelivered", #"[{"identifier":"m1","content":{"title":"Weekly Staff Meeting","userInfo":{"MEETING_ID":"M-1"}}}]"#)
        let center = try await fake.center()
        let delivered = await center.deliveredNotifications()
        #expect(delivered.map(\.request.identifier) == ["m1"])
        #expect(delivered.first?.request.content.userInfo["MEETING_ID"] as? String == "M-1")
    }

    @Test func removalsAreSentInOrder() async throws {
        let fake = try await FakeCenter()
        let center = try await fake.center()
        center.removeDeliveredNotifications(withIdentifiers: ["m1"])
        center.removeAllDeliveredNotifications()
        #expect(try await fake.next("RemoveDelivered") == [["m1"].dbusValue])
        #expect(try await fake.next("RemoveAllDelivered") == [])
    }
}
