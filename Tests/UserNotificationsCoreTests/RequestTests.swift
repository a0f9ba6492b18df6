import Foundation
import Testing
@testable import UserNotificationsCore

@Suite struct RequestTests {
    @Test func applesMeetingInvitationRequestDecodes() throws {
        let request = try ModelJSON.decodeRequest(#"""
        {"identifier": "meeting-42",
         "content": {"title": "Weekly Staff Meeting", "body": "Every Tuesday at 2pm",
                     "userInfo": {"MEETING_ID": "4F2A", "USER_ID": "jdoe"},
                     "categoryIdentifier": "MEETING_INVITATION"}}
        """#)
        #expect(request.identifier == "meeting-42")
        #expect(request.content.categoryIdentifier == "MEETING_INVITATION")
        #expect(request.content.userInfo == ["MEETING_ID": .string("4F2A"), "USER_ID": .string("jdoe")])
    }

    @Test func missingIdentifierIsLeftEmptyForTheDaemon() throws {
        let request = try ModelJSON.decodeRequest(#"{"content": {"title": "Hi"}}"#)
        #expect(request.identifier == "")
        #expect(request.needsIdentifier)
        let named = request.withIdentifier("r-1")
        #expect(named.identifier == "r-1" && !named.needsIdentifier)
        #expect(named.content == request.content)
    }

    @Test func contentIsRequired() {
        expectModelError(.invalidJSON, mentions: ["request: missing required field 'content'"]) {
            _ = try ModelJSON.decodeRequest(#"{"identifier": "x"}"#)
        }
    }

    @Test func triggerIsDecodedAndValidated() throws {
        let request = try ModelJSON.decodeRequest(#"{"identifier": "counter", "content": {"title": "Count"}, "trigger": {"timeInterval": 60, "repeats": true}}"#)
        #expect(request == NotificationRequest(identifier: "counter", content: .init(title: "Count"), trigger: .timeInterval(60, repeats: true)))
        expectModelError(.invalidRequest, mentions: ["trigger.timeInterval: is 30 seconds, but a repeating trigger needs at least 60"]) {
            _ = try ModelJSON.decodeRequest(#"{"content": {}, "trigger": {"timeInterval": 30, "repeats": true}}"#)
        }
        // Not validated without limits, as for the rest of a request.
        #expect(try ModelJSON.decodeRequest(#"{"content": {}, "trigger": {"timeInterval": 30, "repeats": true}}"#, limits: nil).trigger
                == .timeInterval(30, repeats: true))
    }

    @Test func nullTriggerMeansNow() throws {
        #expect(try ModelJSON.decodeRequest(#"{"content": {}, "trigger": null}"#) == NotificationRequest(content: .init()))
    }

    @Test func roundTripsAloneAndInLists() throws {
        let requests = [
            NotificationRequest(identifier: "a", content: .init(title: "A", userInfo: ["k": ["x": 1.25]])),
            NotificationRequest(content: .init(body: "no id yet")),
            NotificationRequest(identifier: "later", content: .init(title: "L"), trigger: .timeInterval(90, repeats: false)),
            NotificationRequest(identifier: "daily", content: .init(), trigger: .calendar(DateComponents(hour: 9, minute: 30), repeats: true)),
        ]
        for request in requests {
            #expect(try ModelJSON.decodeRequest(ModelJSON.encode(request)) == request)
        }
        #expect(try ModelJSON.decodeRequests(ModelJSON.encode(requests)) == requests)
        #expect(ModelJSON.encode(requests[1]).hasPrefix(#"{"content":{"body":"no id yet","#))
    }

    @Test func listErrorsAreRootedAtRequests() {
        expectModelError(.invalidJSON, mentions: ["requests[1]: missing required field 'content'"]) {
            _ = try ModelJSON.decodeRequests(#"[{"content": {}}, {}]"#)
        }
    }
}
