#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
@testable import UserNotificationsCore

@Suite struct ResponseTests {
    static let date = Date(timeIntervalSince1970: 1_795_421_700)  // 2026-11-23T08:15:00Z

    static func meetingResponse(action: String = "ACCEPT_ACTION", userText: String? = nil, token: String? = nil) throws -> NotificationResponse {
        NotificationResponse(
            appId: try AppID(validating: "org.example.Calendar"), requestId: "meeting-42",
            actionIdentifier: action, userText: userText,
            notification: NotificationRequest(identifier: "meeting-42", content: .init(
                title: "Weekly Staff Meeting", userInfo: ["MEETING_ID": "4F2A", "USER_ID": "jdoe"],
                categoryIdentifier: "MEETING_INVITATION")),
            date: date, activationToken: token)
    }

    @Test func jsonOmitsNilFieldsAndWritesAnISODate() throws {
        let json = ModelJSON.encode(try Self.meetingResponse())
        #expect(!json.contains("userText"))
        #expect(!json.contains("activationToken"))
        #expect(json.contains(#""date":"2026-11-23T08:15:00Z""#))
        #expect(json.hasPrefix(#"{"actionIdentifier":"ACCEPT_ACTION","appId":"org.example.Calendar","date":"2026-11-23T08:15:00Z","notification":{"content":{"#))
        #expect(json.contains(#""userInfo":{"MEETING_ID":"4F2A","USER_ID":"jdoe"}"#))
        #expect(json.hasSuffix(#""requestId":"meeting-42"}"#))
    }

    @Test func presentOptionalsAreWritten() throws {
        let json = ModelJSON.encode(try Self.meetingResponse(action: "REPLY", userText: "On my way", token: "tok/1"))
        #expect(json.contains(#""userText":"On my way""#))
        #expect(json.contains(#""activationToken":"tok/1""#))
    }

    @Test(arguments: [false, true])
    func roundTrips(withOptionals: Bool) throws {
        let response = try withOptionals
            ? Self.meetingResponse(action: "REPLY", userText: "ok", token: "t") : Self.meetingResponse()
        #expect(try ModelJSON.decodeResponse(ModelJSON.encode(response)) == response)
    }

    @Test func decodesFixedText() throws {
        let response = try ModelJSON.decodeResponse(#"""
        {"appId": "org.example.Calendar", "requestId": "meeting-42", "actionIdentifier": "dismiss",
         "notification": {"identifier": "meeting-42", "content": {"title": "Weekly Staff Meeting",
           "userInfo": {"MEETING_ID": "4F2A", "USER_ID": "jdoe"}, "categoryIdentifier": "MEETING_INVITATION"}},
         "date": "2026-11-23T09:15:00+01:00"}
        """#)
        #expect(response == (try Self.meetingResponse(action: NotificationResponse.dismissActionIdentifier)))
        #expect(response.isDismissAction && !response.isDefaultAction)
    }

    @Test func reservedActionIdentifiers() {
        #expect(NotificationResponse.defaultActionIdentifier == "default")
        #expect(NotificationResponse.dismissActionIdentifier == "dismiss")
    }

    @Test func badDateAndBadAppIdAreNamed() {
        expectModelError(.invalidJSON, mentions: ["date: 'yesterday' is not an ISO 8601 date", "2026-11-23T08:15:00Z"]) {
            _ = try ModelJSON.decodeResponse(#"{"appId": "a.b", "requestId": "r", "actionIdentifier": "default", "notification": {"content": {}}, "date": "yesterday"}"#)
        }
        expectModelError(.invalidAppId, mentions: ["appId: 'nodots' is not a valid app id"]) {
            _ = try ModelJSON.decodeResponse(#"{"appId": "nodots", "requestId": "r", "actionIdentifier": "default", "notification": {"content": {}}, "date": "2026-11-23T08:15:00Z"}"#)
        }
    }
}
