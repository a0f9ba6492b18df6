import Testing
@testable import UserNotificationsCore

@Suite struct ModelJSONTests {
    @Test func encodingIsSortedCompactAndKeepsSlashes() {
        let request = NotificationRequest(identifier: "a/b", content: .init(body: "http://x/y", userInfo: ["z": 1, "a": 2]))
        #expect(ModelJSON.encode(request)
                == #"{"content":{"body":"http://x/y","categoryIdentifier":"","interruptionLevel":"active","subtitle":"","threadIdentifier":"","title":"","userInfo":{"a":2,"z":1}},"identifier":"a/b"}"#)
    }

    @Test func meetingInvitationEndToEnd() throws {
        let categories = try ModelJSON.decodeCategories(#"""
        [{"identifier": "MEETING_INVITATION", "options": ["customDismissAction"],
          "actions": [{"identifier": "ACCEPT_ACTION", "title": "Accept"},
                      {"identifier": "DECLINE_ACTION", "title": "Decline"}]}]
        """#)
        let request = try ModelJSON.decodeRequest(#"""
        {"content": {"title": "Weekly Staff Meeting", "body": "Every Tuesday at 2pm",
                     "userInfo": {"MEETING_ID": "4F2A", "USER_ID": "jdoe"},
                     "categoryIdentifier": "MEETING_INVITATION"}}
        """#)
        #expect(categories.first?.identifier == request.content.categoryIdentifier)
        #expect(categories[0].orderedActions.map(\.title) == ["Accept", "Decline"])
        #expect(try ModelJSON.decodeCategories(ModelJSON.encode(categories)) == categories)
        #expect(try ModelJSON.decodeRequest(ModelJSON.encode(request)) == request)
    }

    @Test(arguments: ["", "nope", "{\"content\": {\"title\": hi}}", "{\"content\": {\"title\": 'hi'}}", "{\"content\": {}"])
    func textThatIsNotJSONSaysSo(text: String) {
        expectModelError(.invalidJSON, mentions: ["not valid JSON", "line 1, column"]) {
            _ = try ModelJSON.decodeRequest(text)
        }
        expectModelError(.invalidJSON, mentions: ["categories: not valid JSON"]) {
            _ = try ModelJSON.decodeCategories(text)
        }
    }

    @Test func wrongTopLevelShape() {
        expectModelError(.invalidJSON, mentions: ["request: expected an object, found an array"]) {
            _ = try ModelJSON.decodeRequest("[]")
        }
    }

    @Test func encodesValuesAndUserInfo() {
        #expect(ModelJSON.encode(["b": 1, "a": ["x/y"]] as [String: JSONValue]) == #"{"a":["x/y"],"b":1}"#)
        #expect(ModelJSON.encode(JSONValue.null) == "null")
    }
}
