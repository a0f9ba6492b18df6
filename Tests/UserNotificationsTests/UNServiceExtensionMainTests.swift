import Foundation
import Synchronization
import Testing
import TestSupport
@testable import UserNotifications
import UserNotificationsCore

/// A service extension's run inside its process: the request read, the content handed over,
/// the warning before the deadline.
@MainActor struct UNServiceExtensionMainTests {
    static let input = Data(#"{"identifier": "m-1", "content": {"title": "New message", "userInfo": {"secret": "see you at 8"}}}"#.utf8)

    /// Adds to the title and hands over at once.
    nonisolated final class Quick: UNNotificationServiceExtension {
        override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
            let content = request.content.mutableCopy() as! UNMutableNotificationContent
            content.title = "Anna"
            content.body = request.content.userInfo["secret"] as? String ?? ""
            contentHandler(content)
            contentHandler(UNNotificationContent())  // a second call is ignored
        }
    }

    /// Hands over its best attempt only when told the time runs out, and records when.
    nonisolated final class Slow: UNNotificationServiceExtension {
        static let warned = Mutex<ContinuousClock.Instant?>(nil)
        var handler: ((UNNotificationContent) -> Void)?
        override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
            handler = contentHandler
        }
        override func serviceExtensionTimeWillExpire() {
            Self.warned.withLock { $0 = .now }
            let content = UNMutableNotificationContent()
            content.title = "best attempt"
            handler?(content)
        }
    }

    /// Never hands anything over.
    nonisolated final class Silent: UNNotificationServiceExtension {
        override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {}
    }

    static func content(_ outcome: ServiceExtensionHost.Outcome) throws -> NotificationContent? {
        guard case .content(let json) = outcome else { return nil }
        return try ModelJSON.decode(NotificationContent.self, from: json, root: "content")
    }

    @Test func theFirstContentHandedOverIsTheOutcome() async throws {
        let outcome = try await ServiceExtensionHost.run(Quick.self, input: Self.input, seconds: 30)
        let content = try #require(try Self.content(outcome))
        #expect(content.title == "Anna")
        #expect(content.body == "see you at 8")
        #expect(content.userInfo["secret"] == .string("see you at 8"), "the rest of the content is kept")
    }

    @Test func theWarningComesBeforeTheDeadlineAndItsBestAttemptIsTheOutcome() async throws {
        let start = ContinuousClock.now
        let outcome = try await ServiceExtensionHost.run(Slow.self, input: Self.input, seconds: 1)
        #expect(try Self.content(outcome)?.title == "best attempt")
        // Told 0.2 s before the end (a fifth of 1 s), and before the run expired: its best attempt is the outcome.
        let warned = try #require(Slow.warned.withLock { $0 })
        #expect(warned - start >= .milliseconds(800), "\(warned - start)")
    }

    @Test func nothingHandedOverExpiresAtTheDeadline() async throws {
        let start = ContinuousClock.now
        #expect(try await ServiceExtensionHost.run(Silent.self, input: Self.input, seconds: 0.5) == .expired)
        #expect(ContinuousClock.now - start >= .milliseconds(500))
    }

    @Test func aRequestThatCannotBeReadIsAnError() async {
        await #expect { try await ServiceExtensionHost.run(Quick.self, input: Data("{".utf8), seconds: 1) } throws: { error in
            (error as? UNError)?.localizedDescription.contains("the request on standard input") == true
        }
    }

    @Test func theTimeComesFromTheEnvironment() {
        #expect(ServiceExtensionHost.seconds(in: ["USERNOTED_EXTENSION_SECONDS": "12.5"]) == 12.5)
        #expect(ServiceExtensionHost.seconds(in: [:]) == 30)
        #expect(ServiceExtensionHost.seconds(in: ["USERNOTED_EXTENSION_SECONDS": "soon"]) == 30)
        #expect(ServiceExtensionHost.warning(before: 30) == 2)
        #expect(ServiceExtensionHost.warning(before: 1) == 0.2)
    }
}
