import Testing
import TestSupport
@testable import UserNotifications
import UserNotificationsCore

struct UNUserNotificationCenterCategoriesTests {
    @Test func categoriesAreSetBeforeALaterAddIsSent() async throws {
        let fake = try await FakeCenter()
        let center = try await fake.center()
        let accept = UNNotificationAction(identifier: "ACCEPT_ACTION", title: "Accept", options: [])
        center.setNotificationCategories([
            UNNotificationCategory(identifier: "MEETING_INVITATION", actions: [accept], intentIdentifiers: [], options: .customDismissAction),
        ])
        try await center.add(UNNotificationRequest(identifier: "r", content: UNMutableNotificationContent(), trigger: nil))
        let set = try await fake.next("SetCategories")
        let categories = try ModelJSON.decodeCategories(try #require(set.first?.as(String.self)))
        #expect(categories.map(\.identifier) == ["MEETING_INVITATION"])
        #expect(categories.first?.options == .customDismissAction)
        _ = try await fake.next("Add")
    }

    @Test func registeredCategoriesAreReadBack() async throws {
        let fake = try await FakeCenter()
        fake.replies.set("GetCategories", #"[{"identifier":"C","actions":[{"identifier":"A","title":"T","options":["destructive"]}]}]"#)
        let center = try await fake.center()
        let categories = await center.notificationCategories()
        #expect(categories.map(\.identifier) == ["C"])
        #expect(categories.first?.actions.first?.options == .destructive)
    }

    @Test func theCompletionFormGetsTheSameCategories() async throws {
        let fake = try await FakeCenter()
        fake.replies.set("GetCategories", #"[{"identifier":"C"}]"#)
        let center = try await fake.center()
        let got = Inbox<Set<UNNotificationCategory>>()
        center.getNotificationCategories { got.put($0) }
        #expect(try await got.next().map(\.identifier) == ["C"])
    }
}
