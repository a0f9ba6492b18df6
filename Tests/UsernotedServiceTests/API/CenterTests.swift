import DBus
import Foundation
import Testing
import TestSupport
import UserNotificationsCore
@testable import UsernotedService

/// The Center's rules as an app meets them over the bus: limits, and scheduled requests.
@Suite struct CenterTests {
    static let app = Value.string("org.example.Calendar")

    static func scheduled(_ id: String, in seconds: Int = 3600) -> Value {
        .string(#"{"identifier":"\#(id)","content":{"title":"Later"},"trigger":{"timeInterval":\#(seconds)}}"#)
    }

    @Test func aPayloadsLocalizedAlertIsTranslatedInTheCatalogTheAppsSettingsName() async throws {
        let scene = try await ServiceScene()  // in C.UTF-8, where gettext reads LANGUAGE's languages, or C.UTF-8/
        let directory = try GettextCatalog.install(
            domain: "chat", languages: AppCatalogsTests.languages,
            translations: ["NEW_MESSAGE": "Neue Nachricht", "%@ wrote: %@": "%1$@ schrieb: „%2$@“"],
            in: TemporaryDirectory.make(prefix: "usernoted-center-catalog"))
        let payload = Value.string(#"{"aps": {"alert": {"title-loc-key": "NEW_MESSAGE", "loc-key": "%@ wrote: %@", "loc-args": ["Anna", "Hallo"]}}}"#)
        func delivered(_ id: String?) async throws -> NotificationContent? {
            try ModelJSON.decodeRequests(try await scene.call("GetDelivered", Self.app) ?? "").first { $0.identifier == id }?.content
        }
        // Before the app's catalog is named: its app id is the domain, which has no catalog; the keys are shown.
        let untranslated = try await delivered(try await scene.call("PostPayload", Self.app, payload))
        #expect(untranslated?.title == "NEW_MESSAGE" && untranslated?.body == "Anna wrote: Hallo")

        try await scene.call("SetSettings", Self.app, .string(#"{"textDomain": "chat", "localeDirectory": "\#(directory.path)"}"#))
        let translated = try await delivered(try await scene.call("PostPayload", Self.app, payload))
        #expect(translated?.title == "Neue Nachricht" && translated?.body == "Anna schrieb: „Hallo“")
    }

    @Test func thePendingLimitIsNamedAndReplacingStaysAllowed() async throws {
        let scene = try await ServiceScene(limits: Limits(pendingPerApp: 2))
        try await scene.call("Add", Self.app, Self.scheduled("a"))
        try await scene.call("Add", Self.app, Self.scheduled("b"))
        await #expect {
            try await scene.call("Add", Self.app, Self.scheduled("c"))
        } throws: { error in
            isDBusError(error, "io.github.usernoted.Error.LimitExceeded", "2 requests scheduled", "pendingPerApp", "RemovePending")
        }
        try await scene.call("Add", Self.app, Self.scheduled("b", in: 60))  // same identifier: a replacement
        try await scene.call("Add", .string("org.example.Other"), Self.scheduled("c"))  // another app's own limit
        let pending = try ModelJSON.decodeRequests(try await scene.call("GetPending", Self.app) ?? "")
        #expect(pending.map(\.identifier) == ["b", "a"])  // soonest first
    }

    @Test func postingTooFastIsNamedAndTheDaemonKeepsServing() async throws {
        let scene = try await ServiceScene(limits: Limits(postsPerSecond: 3))
        // Posting as fast as the bus allows; a busy machine may refill a token or two on the way.
        var accepted = 0
        var refused: (any Error)?
        while refused == nil, accepted < 200 {
            do {
                try await scene.call("Post", Self.app, .string(""), .string("n\(accepted)"), .string(""))
                accepted += 1
            } catch {
                refused = error
            }
        }
        let error = try #require(refused)
        #expect(isDBusError(error, "io.github.usernoted.Error.LimitExceeded", "more than 3 notifications a second", "postsPerSecond"))
        #expect(accepted >= 3)
        let delivered = try ModelJSON.decodeRequests(try await scene.call("GetDelivered", Self.app) ?? "")
        #expect(delivered.count == accepted)
        // Scheduling is not posting: it is bounded by pendingPerApp instead.
        for index in 0..<5 { try await scene.call("Add", Self.app, Self.scheduled("s\(index)")) }
    }

    @Test func aPostIsAnsweredOnceDurableWhileTheServerHasNotAnswered() async throws {
        let bus = try PrivateBus()
        let server = try await FakeNotificationServer(bus: bus)
        let scene = try await ServiceScene(bus: bus)
        try await scene.call("Post", Self.app, .string(""), .string("first"), .string(""))
        _ = try await server.notifyCalls.next(within: .seconds(10), "the first Notify")
        await server.holdNotifyReplies()
        // The server takes the Notify and does not answer; the app is answered all the same.
        let id = try await scene.center.call("Post", [Self.app, .string(""), .string("second"), .string("")], timeout: .seconds(5))
        #expect(try await server.heldNotifyCalls.next(within: .seconds(10), "the held Notify") == "second")
        let delivered = try ModelJSON.decodeRequests(try await scene.call("GetDelivered", Self.app) ?? "")
        #expect(delivered.map(\.identifier).contains(try #require(id.first?.as(String.self))))
        // Once the server answers, the notification is on screen.
        await server.answerHeldNotifyCalls()
        let shown = try await server.notifyCalls.next(within: .seconds(10), "the second Notify")
        #expect(shown.summary == "second", "\(shown) \(server.notifyCalls.pending)")
    }

    @Test func removeAllPendingEmptiesOnlyThatApp() async throws {
        let scene = try await ServiceScene()
        try await scene.call("Add", Self.app, Self.scheduled("a"))
        try await scene.call("Add", .string("org.example.Other"), Self.scheduled("a"))
        try await scene.call("RemoveAllPending", Self.app)
        #expect(try await scene.call("GetPending", Self.app) == "[]")
        #expect(try ModelJSON.decodeRequests(try await scene.call("GetPending", .string("org.example.Other")) ?? "").count == 1)
    }

    @Test func showingARequestNowReplacesItsScheduledSelf() async throws {
        let scene = try await ServiceScene()
        try await scene.call("Add", Self.app, Self.scheduled("standup"))
        try await scene.call("Add", Self.app, .string(#"{"identifier":"standup","content":{"title":"Now"}}"#))
        #expect(try await scene.call("GetPending", Self.app) == "[]")
        let delivered = try ModelJSON.decodeRequests(try await scene.call("GetDelivered", Self.app) ?? "")
        #expect(delivered.map(\.content.title) == ["Now"])
    }

    // MARK: Attachments

    static func request(attaching path: String) -> Value {
        .string(#"{"content":{"title":"Photo","attachments":[{"identifier":"cat","url":"\#(URL(filePath: path).absoluteString)"}]}}"#)
    }

    @Test func anImageAttachmentIsShownAsTheImagePath() async throws {
        let bus = try PrivateBus()
        let server = try await FakeNotificationServer(bus: bus)
        let scene = try await ServiceScene(bus: bus)
        let directory = bus.directory.appending(path: "pictures")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appending(path: "cat.png")
        try Data([0x89, 0x50, 0x4e, 0x47]).write(to: file)
        try await scene.call("Add", Self.app, Self.request(attaching: file.path))
        let shown = try await server.notifyCalls.next(within: .seconds(10), "Notify")
        #expect(shown.hints["image-path"] == .string(URL(filePath: file.resolvingSymlinksInPath().path).absoluteString))
    }

    @Test func aBadAttachmentIsAnInvalidRequestNamingIt() async throws {
        let scene = try await ServiceScene()
        let missing = scene.bus.directory.appending(path: "gone.png").path
        await #expect { try await scene.call("Add", Self.app, Self.request(attaching: missing)) } throws: {
            isDBusError($0, "io.github.usernoted.Error.InvalidRequest", "content.attachments[0].url", "gone.png' ('cat') does not exist")
        }
        let link = scene.bus.directory.appending(path: "status.png")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/proc/self/status")
        await #expect { try await scene.call("Add", Self.app, Self.request(attaching: link.path)) } throws: {
            isDBusError($0, "io.github.usernoted.Error.InvalidRequest", "content.attachments[0].url", "is under /proc")
        }
        await #expect { try await scene.call("Add", Self.app, Self.request(attaching: scene.bus.directory.path + "/")) } throws: {
            isDBusError($0, "io.github.usernoted.Error.InvalidRequest", "not an image")
        }
        #expect(try await scene.call("GetDelivered", Self.app) == "[]")
    }

    @Test func anAttachmentOverTheSizeLimitIsNamed() async throws {
        let scene = try await ServiceScene(limits: Limits(attachmentBytes: 3))
        let file = scene.bus.directory.appending(path: "big.png")
        try Data(count: 4).write(to: file)
        await #expect { try await scene.call("Add", Self.app, Self.request(attaching: file.path)) } throws: {
            isDBusError($0, "io.github.usernoted.Error.LimitExceeded", "content.attachments[0].url", "is 4 bytes; the limit is 3 (attachmentBytes)")
        }
    }

    @Test func aDirectoryNamedLikeAnImageIsRefused() async throws {
        let scene = try await ServiceScene()
        let directory = scene.bus.directory.appending(path: "album.png")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        await #expect { try await scene.call("Add", Self.app, Self.request(attaching: directory.path)) } throws: {
            isDBusError($0, "io.github.usernoted.Error.InvalidRequest", "album.png' ('cat') is a directory, not an ordinary file")
        }
    }

    // MARK: Settings

    @Test func theUsersSettingsChangeWhatAnAppGets() async throws {
        let bus = try PrivateBus()
        let server = try await FakeNotificationServer(bus: bus)
        let scene = try await ServiceScene(bus: bus)
        func post(_ title: String, level: String = "timeSensitive") async throws -> ReceivedNotification {
            try await scene.call("Add", Self.app, .string(#"{"content":{"title":"\#(title)","sound":"default","interruptionLevel":"\#(level)"}}"#))
            return try await server.notifyCalls.next(within: .seconds(10), "Notify of \(title)")
        }
        func set(_ json: String) async throws { try await scene.call("SetSettings", Self.app, .string(json)) }

        // The first post records the app as authorized: it is shown as asked.
        let first = try await post("First")
        #expect(first.hints["sound-name"] == .string("message-new-instant") && first.hints["urgency"] == .byte(1))
        let all = try ModelJSON.decodeAllSettings(try #require(try await scene.call("GetSettings", .string(""))))
        #expect(all == ["org.example.Calendar": AppSettings()])

        try await set(#"{"sound":false}"#)
        let quiet = try await post("No sound")
        #expect(quiet.hints["sound-name"] == nil && quiet.hints["suppress-sound"] == .boolean(true))

        // Provisional: delivered quietly, as passive — among the app's delivered notifications, never a banner.
        try await set(#"{"authorizationStatus":"provisional"}"#)
        try await scene.call("Add", Self.app, .string(#"{"identifier":"quiet","content":{"title":"Provisional"}}"#))
        let quietly = try ModelJSON.decodeRequests(try #require(try await scene.call("GetDelivered", Self.app)))
        #expect(quietly.first { $0.identifier == "quiet" }?.content.interruptionLevel == .passive)

        try await set(#"{"authorizationStatus":"denied"}"#)
        var expected = AppSettings()
        (expected.sound, expected.authorizationStatus) = (false, .denied)
        #expect(try ModelJSON.decodeSettings(try #require(try await scene.call("GetSettings", Self.app))) == expected)
        for call in [("Post", [Self.app, .string(""), .string("Denied"), .string("")]), ("Add", [Self.app, Self.scheduled("later")])] {
            await #expect { try await scene.center.call(call.0, call.1) } throws: {
                isDBusError($0, "io.github.usernoted.Error.NotAuthorized", "does not allow notifications from org.example.Calendar", "--allow")
            }
        }
        #expect(try await scene.call("GetPending", Self.app) == "[]")
        // Nothing of the provisional or the denied app was shown: the next notification is another app's.
        try await scene.call("Post", .string("org.example.Other"), .string(""), .string("Other"), .string(""))
        #expect(try await server.notifyCalls.next(within: .seconds(10), "Notify").summary == "Other")

        await #expect { try await set(#"{"sounds":true}"#) } throws: {
            isDBusError($0, "io.github.usernoted.Error.InvalidJSON", "unknown field 'sounds'")
        }
    }
}
