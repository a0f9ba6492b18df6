import Testing
@testable import UserNotificationsCore

@Suite struct CategoryTests {
    static let meetingJSON = #"""
    [{"identifier": "MEETING_INVITATION",
      "actions": [{"identifier": "ACCEPT_ACTION", "title": "Accept"},
                  {"identifier": "DECLINE_ACTION", "title": "Decline"}],
      "intentIdentifiers": [],
      "hiddenPreviewsBodyPlaceholder": "",
      "options": ["customDismissAction"]}]
    """#

    @Test func applesMeetingInvitationExampleDecodes() throws {
        let categories = try ModelJSON.decodeCategories(Self.meetingJSON)
        #expect(categories == [NotificationCategory(
            identifier: "MEETING_INVITATION",
            actions: [NotificationAction(identifier: "ACCEPT_ACTION", title: "Accept"),
                      NotificationAction(identifier: "DECLINE_ACTION", title: "Decline")],
            intentIdentifiers: [], hiddenPreviewsBodyPlaceholder: "", options: .customDismissAction)])
        #expect(categories[0].sendsDismissAction)
        #expect(categories[0].primaryAction?.identifier == "ACCEPT_ACTION")
    }

    @Test func onlyIdentifierIsRequired() throws {
        let categories = try ModelJSON.decodeCategories(#"[{"identifier": "EMPTY"}]"#)
        #expect(categories == [NotificationCategory(identifier: "EMPTY")])
        #expect(categories[0].hiddenPreviewsBodyPlaceholder == nil)
        #expect(!categories[0].sendsDismissAction)
    }

    @Test func destructiveActionsAreShownLastInStableOrder() {
        let category = NotificationCategory(identifier: "C", actions: [
            NotificationAction(identifier: "DELETE", title: "Delete", options: .destructive),
            NotificationAction(identifier: "OPEN", title: "Open", options: .foreground),
            NotificationAction(identifier: "SPAM", title: "Spam", options: [.destructive, .foreground]),
            NotificationAction(identifier: "LATER", title: "Later"),
        ])
        #expect(category.orderedActions.map(\.identifier) == ["OPEN", "LATER", "DELETE", "SPAM"])
        #expect(category.primaryAction?.identifier == "OPEN")
        #expect(category.actions.map(\.identifier) == ["DELETE", "OPEN", "SPAM", "LATER"])
    }

    @Test func lookupsFindActionsAndTheTextInput() {
        let category = NotificationCategory(identifier: "C", actions: [
            NotificationAction(identifier: "LIKE", title: "Like"),
            .textInput(identifier: "REPLY", title: "Reply", textInputButtonTitle: "Send", textInputPlaceholder: "…"),
        ])
        #expect(category.textInputAction?.identifier == "REPLY")
        #expect(category.action(withIdentifier: "LIKE")?.title == "Like")
        #expect(category.primaryAction?.identifier == "LIKE")
        #expect(category.action(withIdentifier: "NOPE") == nil)
        #expect(NotificationCategory(identifier: "X", actions: [
            NotificationAction(identifier: "D", title: "D", options: .destructive)]).primaryAction == nil)
        #expect(NotificationCategory(identifier: "R", actions: [
            .textInput(identifier: "REPLY", title: "Reply", textInputButtonTitle: "Send", textInputPlaceholder: "…"),
            NotificationAction(identifier: "MARK_READ", title: "Mark as read"),
        ]).primaryAction?.identifier == "MARK_READ")
    }

    @Test func allOptionsRoundTrip() throws {
        let category = NotificationCategory(
            identifier: "ALL", actions: [NotificationAction(identifier: "A", title: "A")],
            intentIdentifiers: ["INSendMessageIntent"], hiddenPreviewsBodyPlaceholder: "%u new messages",
            options: [.customDismissAction, .allowInCarPlay, .hiddenPreviewsShowTitle,
                      .hiddenPreviewsShowSubtitle, .allowAnnouncement])
        let json = ModelJSON.encode([category])
        #expect(json.contains(#""options":["customDismissAction","allowInCarPlay","hiddenPreviewsShowTitle","hiddenPreviewsShowSubtitle","allowAnnouncement"]"#))
        #expect(try ModelJSON.decodeCategories(json) == [category])
    }

    @Test func encodingIsCanonical() {
        let category = NotificationCategory(identifier: "C", actions: [NotificationAction(identifier: "A", title: "A")])
        #expect(ModelJSON.encode([category])
                == #"[{"actions":[{"identifier":"A","options":[],"title":"A"}],"identifier":"C","intentIdentifiers":[],"options":[]}]"#)
    }

    @Test func unknownCategoryOptionListsTheKnownOptions() {
        expectModelError(.invalidCategory, mentions: ["categories[0].options[0]: unknown category option 'customDismiss'",
                                                      "known options: customDismissAction, allowInCarPlay, hiddenPreviewsShowTitle, hiddenPreviewsShowSubtitle, allowAnnouncement"]) {
            _ = try ModelJSON.decodeCategories(#"[{"identifier": "C", "options": ["customDismiss"]}]"#)
        }
    }

    @Test func minimalActionsAreReadAndWrittenOnlyWhenGivenAndOrderedAsButtons() throws {
        let json = #"[{"identifier": "MAIL", "minimalActions": ["DELETE", "ARCHIVE"], "actions": [{"identifier": "DELETE", "title": "Delete", "options": ["destructive"]}, {"identifier": "FLAG", "title": "Flag"}, {"identifier": "ARCHIVE", "title": "Archive"}]}]"#
        let category = try #require(try ModelJSON.decodeCategories(json).first)
        #expect(category.minimalActions == ["DELETE", "ARCHIVE"])
        #expect(category.orderedMinimalActions.map(\.identifier) == ["ARCHIVE", "DELETE"])
        #expect(ModelJSON.encodeValue(category).contains(#""minimalActions":["DELETE","ARCHIVE"]"#))
        #expect(!ModelJSON.encodeValue(NotificationCategory(identifier: "C")).contains("minimalActions"))
    }
}
