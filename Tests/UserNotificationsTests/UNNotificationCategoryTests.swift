import Testing
@testable import UserNotifications
import UserNotificationsCore

struct UNNotificationCategoryTests {
    @Test func theMeetingCategoryEncodesAsTheDaemonReadsIt() throws {
        let category = UNNotificationCategory(
            identifier: "MEETING_INVITATION",
            actions: [UNNotificationAction(identifier: "ACCEPT_ACTION", title: "Accept", options: [])],
            intentIdentifiers: [], hiddenPreviewsBodyPlaceholder: "", options: .customDismissAction)
        let json = ModelJSON.encode([category.model])
        #expect(json == #"[{"actions":[{"identifier":"ACCEPT_ACTION","options":[],"title":"Accept"}],"identifier":"MEETING_INVITATION","intentIdentifiers":[],"options":["customDismissAction"]}]"#)
        let decoded = try ModelJSON.decodeCategories(json)
        #expect(UNNotificationCategory(decoded[0]) == category)
    }

    @Test func anEmptyPlaceholderMeansTheDaemonsDefault() {
        let none = UNNotificationCategory(identifier: "A", actions: [], intentIdentifiers: [], hiddenPreviewsBodyPlaceholder: "")
        #expect(none.model.hiddenPreviewsBodyPlaceholder == nil)
        #expect(none.hiddenPreviewsBodyPlaceholder == "")
        let some = UNNotificationCategory(identifier: "A", actions: [], intentIdentifiers: [], hiddenPreviewsBodyPlaceholder: "New message")
        #expect(some.model.hiddenPreviewsBodyPlaceholder == "New message")
        #expect(some.hiddenPreviewsBodyPlaceholder == "New message")
    }

    @Test func everyOptionMapsBothWays() {
        let all: UNNotificationCategoryOptions = [
            .customDismissAction, .allowInCarPlay, .hiddenPreviewsShowTitle, .hiddenPreviewsShowSubtitle, .allowAnnouncement,
        ]
        #expect(all.model.names.count == 5)
        #expect(UNNotificationCategoryOptions(all.model) == all)
        #expect(UNNotificationCategoryOptions.hiddenPreviewsShowSubtitle.model == .hiddenPreviewsShowSubtitle)
    }

    @Test func theSummaryFormatInitializerKeepsThePlaceholder() {
        let category = UNNotificationCategory(
            identifier: "A", actions: [], intentIdentifiers: ["i"], hiddenPreviewsBodyPlaceholder: "p",
            categorySummaryFormat: "%u more", options: [])
        #expect(category.hiddenPreviewsBodyPlaceholder == "p")
        #expect(category.intentIdentifiers == ["i"])
        #expect(category.categorySummaryFormat == "%u more")
        #expect(category.model.categorySummaryFormat == "%u more", "sent, for the thread's stack")
    }

    @Test func equalCategoriesAreOneInASetAndKeepTheirActionsIcons() {
        let icon = UNNotificationActionIcon(systemImageName: "trash")
        let make = {
            UNNotificationCategory(identifier: "MAIL", actions: [UNNotificationAction(identifier: "DELETE", title: "Delete", icon: icon)],
                                   intentIdentifiers: [], options: [])
        }
        #expect(Set([make(), make()]).count == 1)
        #expect(make().actions.first?.icon == icon, "an SF Symbol stays one, though usernoted gets edit-delete")
        #expect(make().copy() as? UNNotificationCategory == make())
    }

    @Test func minimalActionsTravelAsTheCategorysMinimalActionsKey() throws {
        let accept = UNNotificationAction(identifier: "ACCEPT", title: "Accept")
        let decline = UNNotificationAction(identifier: "DECLINE", title: "Decline", options: .destructive)
        let maybe = UNNotificationAction(identifier: "MAYBE", title: "Maybe")
        let category = UNNotificationCategory(
            identifier: "INVITE", actions: [accept, maybe, decline], minimalActions: [decline, accept], intentIdentifiers: [])
        #expect(category.model.minimalActions == ["DECLINE", "ACCEPT"])
        #expect(category.minimalActions.map(\.identifier) == ["DECLINE", "ACCEPT"])
        let decoded = try ModelJSON.decodeCategories(ModelJSON.encode([category.model]))
        #expect(UNNotificationCategory(decoded[0]).minimalActions.map(\.identifier) == ["DECLINE", "ACCEPT"])
        #expect(UNNotificationCategory(identifier: "C", actions: [accept], intentIdentifiers: []).minimalActions.isEmpty)
    }
}
