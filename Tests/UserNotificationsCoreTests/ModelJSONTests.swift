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

    /// Found by the categories fuzzer: Foundation's decoder traps on text that ends right
    /// where it passes 512 levels; it must be an error like any other.
    @Test(arguments: [String(repeating: "[", count: 513), String(repeating: "[", count: 513) + String(repeating: "]", count: 513),
                      String(repeating: #"{"a":"#, count: 513), #"{"content": {"userInfo": {"k": "# + String(repeating: "[", count: 600)])
    func nestingDeeperThan512IsAnErrorNotACrash(text: String) {
        expectModelError(.invalidJSON, mentions: ["not valid JSON", "nested too deeply", "line 1, column"]) {
            _ = try ModelJSON.decodeCategories(text)
        }
        expectModelError(.invalidJSON, mentions: ["request: not valid JSON"]) { _ = try ModelJSON.decodeRequest(text) }
        expectModelError(.invalidJSON, mentions: ["payload: not valid JSON"]) { _ = try APNsPayload.decode(text) }
        #expect(throws: ModelError.self) { try ModelJSON.decodeResponse(text) }
    }

    @Test func nestingOf512IsStillRead() throws {
        let deep = String(repeating: "[", count: 509) + String(repeating: "]", count: 509)  // 512 levels with the three objects
        let request = try ModelJSON.decodeRequest(#"{"content": {"userInfo": {"k": "# + deep + "}}}")
        #expect(request.content.userInfo["k"] != nil)
        #expect(!JSONSyntax.nestsTooDeep(#"{"s": "[[[[[[[[["}"# + String(repeating: "[", count: 500)))  // brackets in strings do not count
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
