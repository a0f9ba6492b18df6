import DBus
import FreedesktopNotifications
import Foundation
import Testing
import TestSupport
import UserNotificationsCore

/// KDE Plasma 5.27's own notification server (libnotificationmanager, as plasmashell runs it),
/// played as a user plays it: buttons, the body, closing, and the inline reply, which no other
/// server in the matrix has.
@Suite(.serialized, .enabled(if: PlasmaServer.unavailable == nil, Comment(rawValue: PlasmaServer.unavailable ?? "")))
struct PlasmaServerTests {
    /// The meeting categories and a chat message with a text-input action (Reply, which
    /// Plasma shows last, as a button that opens its text field).
    static let categories = """
        [{"identifier": "MEETING_INVITATION",
          "actions": [{"identifier": "ACCEPT_ACTION", "title": "Accept"},
                      {"identifier": "DECLINE_ACTION", "title": "Decline"}],
          "options": ["customDismissAction"]},
         {"identifier": "MESSAGE",
          "actions": [{"identifier": "MARK_READ_ACTION", "title": "Mark as Read"},
                      {"identifier": "REPLY_ACTION", "title": "Reply",
                       "textInputButtonTitle": "Send", "textInputPlaceholder": "Your answer"}]}]
        """

    static func message(_ id: String, from sender: String) -> String {
        #"{"identifier": "\#(id)", "content": {"title": "\#(sender)", "body": "Are you coming?", "categoryIdentifier": "MESSAGE", "userInfo": {"CHAT": "\#(sender)"}}}"#
    }

    struct PlasmaScene {
        let server: PlasmaServer
        let app: AppOnBus

        init(release: DebianRelease = .host) async throws {
            let bus = try PrivateBus()
            server = try await PlasmaServer(bus: bus, release: release)
            app = try await AppOnBus(bus: bus, categories: PlasmaServerTests.categories)
        }
    }

    @Test(arguments: Scene.releases)
    func anInlineReplyArrivesAsTheResponsesUserText(on release: DebianRelease) async throws {
        let scene = try await PlasmaScene(release: release)
        try await scene.app.add(Self.message("msg-1", from: "Anna"))
        let shown = try await scene.server.waitUntilShown("Anna")
        #expect(shown.hasReply, "Plasma offers its inline reply for the text-input action")
        try await scene.server.user("reply \(shown.id) See you at ten")
        let response = try await scene.app.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect([response.requestId, response.actionIdentifier] == ["msg-1", "REPLY_ACTION"])
        #expect(response.userText == "See you at ten")
        #expect(response.notification.content.userInfo["CHAT"] == .string("Anna"))
    }

    /// Plasma refuses a notification that repeats the one just before it within a second
    /// (`ExcessNotificationGeneration`): the second of two equal messages is shown after it.
    @Test(arguments: Scene.releases)
    func twoEqualMessagesInARowAreBothShown(on release: DebianRelease) async throws {
        let scene = try await PlasmaScene(release: release)
        try await scene.app.add(Self.message("msg-a", from: "Anna"))
        try await scene.app.add(Self.message("msg-b", from: "Anna"))
        let shown = try await scene.server.waitUntilShown("Anna", count: 2)
        #expect(shown.count == 2)
    }

    @Test(arguments: Scene.releases)
    func aButtonTheBodyAndClosingReachTheHandler(on release: DebianRelease) async throws {
        let scene = try await PlasmaScene(release: release)
        try await scene.app.add(Scene.meetingRequest(id: "first"))
        let first = try await scene.server.waitUntilShown("Weekly Staff Meeting")
        try await scene.server.user("action \(first.id) DECLINE_ACTION")
        var response = try await scene.app.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect([response.requestId, response.actionIdentifier] == ["first", "DECLINE_ACTION"])
        #expect(response.notification.content.userInfo["MEETING_ID"] == .string("M-first"))

        try await scene.app.add(Scene.meetingRequest(id: "second").replacingOccurrences(of: "Weekly Staff Meeting", with: "Retro"))
        let second = try await scene.server.waitUntilShown("Retro")
        try await scene.server.user("default \(second.id)")
        response = try await scene.app.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect([response.requestId, response.actionIdentifier] == ["second", "default"])

        try await scene.app.add(Scene.meetingRequest(id: "third").replacingOccurrences(of: "Weekly Staff Meeting", with: "Lunch"))
        let third = try await scene.server.waitUntilShown("Lunch")
        try await scene.server.user("close \(third.id)")
        response = try await scene.app.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect([response.requestId, response.actionIdentifier] == ["third", "dismiss"])
    }

    @Test(arguments: Scene.releases)
    func aKilledPlasmaShowsItAgainAndTheReplyStillRoutes(on release: DebianRelease) async throws {
        let scene = try await PlasmaScene(release: release)
        try await scene.app.add(Self.message("msg-1", from: "Anna"))
        _ = try await scene.server.waitUntilShown("Anna")
        scene.server.stop(signal: SIGKILL)
        try await scene.server.start()
        let again = try await scene.server.waitUntilShown("Anna")
        try await scene.server.user("reply \(again.id) On my way")
        let response = try await scene.app.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect([response.requestId, response.actionIdentifier, response.userText] == ["msg-1", "REPLY_ACTION", "On my way"])
    }

    @Test(arguments: Scene.releases)
    func doNotDisturbIsFocusAndItsEndSummarisesWhatItHeld(on release: DebianRelease) async throws {
        let scene = try await PlasmaScene(release: release)
        @Sendable func focus() async throws -> FocusStatus {
            try ModelJSON.decodeFocusStatus(try #require(try await scene.app.center.call("GetFocus", []).first?.as(String.self)))
        }
        // The user turns on Do not disturb in the applet: Plasma's `Inhibited` property says so.
        try await scene.server.user("dnd on")
        _ = try await withDeadline(.seconds(10), "usernoted seeing Plasma's do-not-disturb") {
            while try await focus().by != [.server] { try await Task.sleep(for: .milliseconds(20)) }
            return true
        }
        try await scene.app.add(Self.message("msg-1", from: "Anna"))
        #expect(try await focus().held == 1)
        try await scene.server.user("dnd off")
        let summary = try await scene.server.waitUntilShown("1 notification from Calendar")
        try await scene.server.user("action \(summary.id) show-all")
        let shown = try await scene.server.waitUntilShown("Anna")
        try await scene.server.user("reply \(shown.id) Later")
        let response = try await scene.app.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect([response.requestId, response.userText] == ["msg-1", "Later"])
    }

    @Test func itsCapabilitiesIncludeInlineReply() async throws {
        let bus = try PrivateBus()
        let server = try await PlasmaServer(bus: bus)
        let capabilities = try await NotificationsServer(connection: try await server.bus.connect()).capabilities()
        #expect(capabilities.inlineReply && capabilities.actions)
    }
}
