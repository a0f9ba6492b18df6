#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
@testable import UserNotificationsCore

/// The direct writer of plain requests writes exactly what `JSONEncoder` writes.
@Suite struct PlainRequestJSONTests {
    /// Every control character, the characters JSON escapes, a slash and text beyond ASCII.
    static let awkward = String(decoding: (0..<0x20).map { UInt8($0) }, as: UTF8.self) + #"a"b\c/d é 日本 👍🏽"#

    static let plain: [NotificationRequest] = [
        NotificationRequest(identifier: "0f1e", content: NotificationContent(title: "Hi", body: "There")),
        NotificationRequest(content: NotificationContent()),
        NotificationRequest(identifier: awkward, content: NotificationContent(
            title: awkward, subtitle: awkward, body: awkward, categoryIdentifier: awkward, threadIdentifier: awkward,
            sound: awkward, interruptionLevel: .timeSensitive, badge: -3, targetContentIdentifier: awkward)),
        NotificationRequest(identifier: "x", content: NotificationContent(sound: "default", interruptionLevel: .passive, badge: 0)),
        NotificationRequest(identifier: "y", content: NotificationContent(title: "Anna", summaryArgument: awkward, summaryArgumentCount: 3)),
        NotificationRequest(identifier: "z", content: NotificationContent(summaryArgumentCount: 0)),
    ]

    @Test func knowsEveryFieldOfContent() {
        // A field added to NotificationContent must be written by PlainRequestJSON too (or make
        // a request that has it not plain); then this count goes up with it.
        #expect(Mirror(reflecting: NotificationContent()).children.count == 14)
    }

    @Test(arguments: plain) func writesWhatJSONEncoderWrites(request: NotificationRequest) throws {
        let written = try #require(PlainRequestJSON.encode(request))
        #expect(written == ModelJSON.encodeValue(request))
        #expect(try ModelJSON.decodeRequest(written, limits: nil) == request)
    }

    @Test func knowsEveryFieldOfAResponse() throws {
        // As knowsEveryFieldOfContent: a field added to NotificationResponse must be written too.
        let response = NotificationResponse(appId: try AppID(validating: "org.example.A"), requestId: "r", actionIdentifier: "a", notification: Self.plain[0], date: .now)
        #expect(Mirror(reflecting: response).children.count == 7)
    }

    /// Responses to each plain request: with and without typed text and a token, at whole
    /// seconds, at a fraction (one a double holds exactly, so that it reads back equal), and
    /// before 1970 (the date style's own path).
    static var responses: [NotificationResponse] {
        get throws {
            let app = try AppID(validating: "org.example.Chat")
            return plain.enumerated().flatMap { index, request in
                [
                    NotificationResponse(appId: app, requestId: request.identifier, actionIdentifier: "default", notification: request,
                                         date: Date(timeIntervalSince1970: 1_795_421_700)),
                    NotificationResponse(appId: app, requestId: awkward, actionIdentifier: awkward, userText: index == 0 ? "" : awkward,
                                         notification: request, date: Date(timeIntervalSince1970: 1_795_421_700.625), activationToken: awkward),
                    NotificationResponse(appId: app, requestId: "r", actionIdentifier: "dismiss", notification: request,
                                         date: Date(timeIntervalSince1970: -86_400.25)),
                ]
            }
        }
    }

    @Test func writesResponsesAsJSONEncoderWrites() throws {
        for response in try Self.responses {
            let written = try #require(PlainRequestJSON.encode(response))
            #expect(written == ModelJSON.encodeValue(response))
            #expect(try ModelJSON.decodeResponse(written) == response)
        }
    }

    @Test func leavesTheRestToJSONEncoder() throws {
        let app = try AppID(validating: "org.example.A")
        let content = NotificationContent(title: "Hi")
        var withUserInfo = content
        withUserInfo.userInfo = ["k": 1]
        var withScore = content
        withScore.relevanceScore = 0.5
        var withAttachment = content
        withAttachment.attachments = [NotificationAttachment(identifier: "a", url: "file:///tmp/a.png")]
        let notPlain = [
            NotificationRequest(content: content, trigger: .timeInterval(60, repeats: false)),
            NotificationRequest(content: withUserInfo), NotificationRequest(content: withScore),
            NotificationRequest(content: withAttachment),
        ]
        for request in notPlain {
            #expect(PlainRequestJSON.encode(request) == nil)
            let response = NotificationResponse(appId: app, requestId: "r", actionIdentifier: "a", notification: request, date: .now)
            #expect(PlainRequestJSON.encode(response) == nil)
        }
    }
}
