import Testing
@testable import UserNotificationsCore

@Suite struct ContentTests {
    func decodeContent(_ json: String) throws(ModelError) -> NotificationContent {
        try ModelJSON.decode(NotificationContent.self, from: json, root: "content")
    }

    @Test func emptyObjectGivesTheDefaults() throws {
        let content = try decodeContent("{}")
        #expect(content == NotificationContent())
        #expect(content.title == "" && content.body == "" && content.categoryIdentifier == "")
        #expect(content.userInfo.isEmpty)
        #expect(content.interruptionLevel == .active)
        #expect(content.sound == nil && content.badge == nil && content.targetContentIdentifier == nil)
    }

    @Test func everyFieldDecodes() throws {
        let content = try decodeContent(#"""
        {"title": "Weekly Staff Meeting", "subtitle": "Room 4", "body": "Every Tuesday at 2pm",
         "userInfo": {"MEETING_ID": "M-1", "USER_ID": "U-7"}, "categoryIdentifier": "MEETING_INVITATION",
         "threadIdentifier": "staff", "sound": "message-new-instant", "interruptionLevel": "timeSensitive",
         "badge": 3, "targetContentIdentifier": "window-1"}
        """#)
        #expect(content == NotificationContent(
            title: "Weekly Staff Meeting", subtitle: "Room 4", body: "Every Tuesday at 2pm",
            userInfo: ["MEETING_ID": "M-1", "USER_ID": "U-7"], categoryIdentifier: "MEETING_INVITATION",
            threadIdentifier: "staff", sound: "message-new-instant", interruptionLevel: .timeSensitive,
            badge: 3, targetContentIdentifier: "window-1"))
    }

    @Test func nullOptionalsMeanAbsent() throws {
        let content = try decodeContent(#"{"sound": null, "badge": null, "title": null}"#)
        #expect(content == NotificationContent())
    }

    @Test func encodingOmitsNilOptionalsAndKeepsTheRest() {
        #expect(ModelJSON.encode(NotificationContent(title: "Hi"))
                == #"{"body":"","categoryIdentifier":"","interruptionLevel":"active","subtitle":"","threadIdentifier":"","title":"Hi","userInfo":{}}"#)
    }

    @Test func roundTrips() throws {
        let content = NotificationContent(
            title: "T", subtitle: "S", body: "B <b>x</b> / y", userInfo: ["n": 9_007_199_254_740_993, "a": [true, nil]],
            categoryIdentifier: "C", threadIdentifier: "th", sound: NotificationContent.defaultSound,
            interruptionLevel: .critical, badge: 0, targetContentIdentifier: "t")
        #expect(try decodeContent(ModelJSON.encode(content)) == content)
    }

    @Test func fractionalBadgeSaysAWholeNumberIsExpected() {
        expectModelError(.invalidJSON, mentions: ["badge: expected a whole number"]) {
            _ = try decodeContent(#"{"badge": 1.5}"#)
        }
        expectModelError(.invalidJSON, mentions: ["badge: expected a whole number"]) {
            _ = try decodeContent(#"{"badge": "3"}"#)
        }
    }

    @Test func attachmentsAndRelevanceDecodeAndRoundTrip() throws {
        let content = try decodeContent(#"""
        {"attachments": [{"identifier": "photo", "url": "file:///home/me/cat.png"}, {"url": "file:///tmp/b.jpg"}],
         "relevanceScore": 0.5}
        """#)
        #expect(content.attachments == [
            NotificationAttachment(identifier: "photo", url: "file:///home/me/cat.png"),
            NotificationAttachment(url: "file:///tmp/b.jpg"),
        ])
        #expect(content.relevanceScore == 0.5)
        #expect(try decodeContent(ModelJSON.encode(content)) == content)
        #expect(ModelJSON.encode(content).contains(#""attachments":[{"identifier":"photo","url":"file:///home/me/cat.png"}"#))
    }

    @Test func theSummaryArgumentAndItsCountDecodeAndAreEncodedOnlyWhenSet() throws {
        let content = try decodeContent(#"{"threadIdentifier": "anna", "summaryArgument": "Anna", "summaryArgumentCount": 3}"#)
        #expect(content.summaryArgument == "Anna" && content.summaryArgumentCount == 3)
        #expect(try decodeContent(ModelJSON.encode(content)) == content)
        let plain = try decodeContent("{}")
        #expect(plain.summaryArgument == "" && plain.summaryArgumentCount == 1)
        #expect(!ModelJSON.encode(plain).contains("summaryArgument"))
    }

    @Test func anAttachmentNeedsAURLAndNothingElse() {
        expectModelError(.invalidJSON, mentions: ["attachments[0]: missing required field 'url'"]) {
            _ = try decodeContent(#"{"attachments": [{"identifier": "x"}]}"#)
        }
        expectModelError(.invalidJSON, mentions: ["unknown field 'options' in attachment"]) {
            _ = try decodeContent(#"{"attachments": [{"url": "file:///a.png", "options": {}}]}"#)
        }
    }
}
