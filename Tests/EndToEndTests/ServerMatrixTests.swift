import DBus
import Foundation
import Testing
import TestSupport

/// Where a user clicks on the meeting invitation in a server's window, relative to it, as
/// laid out by Debian 12's packages with DejaVu fonts on the test desktop.
struct MeetingInvitationLayout: Sendable, CustomStringConvertible {
    var server: NotificationServerKind
    /// The Decline button: the last of the buttons.
    var decline: @Sendable (WindowFrame) -> (x: Int, y: Int)
    /// The last of `count` buttons sent (the `default` one among them), where the server shows
    /// them all; nil where the profile tests do not click.
    var last: (@Sendable (WindowFrame, _ count: Int) -> (x: Int, y: Int))? = nil
    /// What closes it without an action: a close button, or the body where a click closes.
    var close: @Sendable (WindowFrame) -> (x: Int, y: Int)

    var description: String { server.description }

    /// The same layout, of the server from `release`'s packages.
    func from(_ release: DebianRelease) -> MeetingInvitationLayout {
        var layout = self
        layout.server = server.from(release)
        return layout
    }

    /// xfce4-notifyd: every action, the default one ("Open") too, as equal buttons across
    /// the bottom (Open, Accept, Decline); a click on the body closes it.
    static let xfce4Notifyd = MeetingInvitationLayout(
        server: .xfce4Notifyd,
        decline: { ($0.x + 9 + (($0.width - 18) * 5) / 6, $0.y + $0.height - 31) },
        last: { frame, count in (frame.x + 9 + ((frame.width - 18) * (2 * count - 1)) / (2 * count), frame.y + frame.height - 31) },
        close: { ($0.x + $0.width / 2, $0.y + 20) })
    /// notification-daemon: the actions but the default one, right-aligned at the bottom;
    /// a close button at the top right.
    static let notificationDaemon = MeetingInvitationLayout(
        server: .notificationDaemon,
        decline: { ($0.x + $0.width - 88, $0.y + $0.height - 39) },
        last: { frame, _ in (frame.x + frame.width - 88, frame.y + frame.height - 39) },
        close: { ($0.x + $0.width - 15, $0.y + 35) })
    /// lxqt-notificationd: every action, the default one ("Open") too, as buttons from the
    /// left at the bottom; a close button at the top right.
    static let lxqtNotificationd = MeetingInvitationLayout(
        server: .lxqtNotificationd,
        decline: { ($0.x + 214, $0.y + $0.height - 39) },
        close: { ($0.x + $0.width - 23, $0.y + 30) })
    /// mate-notification-daemon: the actions but the default one, right-aligned at the
    /// bottom; a close button at the top right.
    static let mateNotificationDaemon = MeetingInvitationLayout(
        server: .mateNotificationDaemon,
        decline: { ($0.x + $0.width - 72, $0.y + $0.height - 27) },
        close: { ($0.x + $0.width - 33, $0.y + 27) })
}

/// The end-to-end essentials against servers other than dunst, clicked with a real mouse.
@Suite(.serialized) struct ServerMatrixTests {
    static let layouts = [MeetingInvitationLayout.xfce4Notifyd, .notificationDaemon, .lxqtNotificationd, .mateNotificationDaemon]
        + Scene.releases.filter { $0 != .host }.map(MeetingInvitationLayout.xfce4Notifyd.from)

    /// Each release's servers are its own: dunst says which version it is.
    @Test(arguments: Scene.releases)
    func eachReleaseRunsItsOwnServers(_ release: DebianRelease) async throws {
        let bus = try PrivateBus()
        let desktop = try await TestDesktop(bus: bus, server: NotificationServerKind.dunst.from(release))
        let connection = try await bus.connect()
        defer { connection.close() }
        let information = try await connection.call(
            destination: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications",
            interface: "org.freedesktop.Notifications", method: "GetServerInformation")
        let version = try #require(information.dropFirst(2).first?.as(String.self))
        #expect(version.hasPrefix(release.dunstVersion), "\(desktop.server) says it is \(version)")
    }

    @Test(arguments: layouts)
    func aButtonClickedWithTheMouseReachesTheHandler(_ layout: MeetingInvitationLayout) async throws {
        let scene = try await Scene(server: layout.server)
        try await scene.postMeeting("invite")
        let window = try #require(try await scene.desktop.waitForWindows(count: 1).first)
        let point = layout.decline(window)
        try scene.desktop.click(x: point.x, y: point.y)
        let response = try await scene.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect(response.actionIdentifier == "DECLINE_ACTION")
        #expect(response.notification.content.userInfo["MEETING_ID"] == .string("M-invite"))
        _ = try await scene.desktop.waitForWindows(count: 0)
    }

    /// The servers whose close button reports the user's close as such (reason 2).
    static let closeReportedAsDismissed = layouts.filter { $0.server.name != "mate-notification-daemon" }

    @Test(arguments: closeReportedAsDismissed)
    func closingItIsADismissForCustomDismissAction(_ layout: MeetingInvitationLayout) async throws {
        let scene = try await Scene(server: layout.server)
        try await scene.postMeeting("invite")
        let window = try #require(try await scene.desktop.waitForWindows(count: 1).first)
        let point = layout.close(window)
        try scene.desktop.click(x: point.x, y: point.y)
        let response = try await scene.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect(response.actionIdentifier == "dismiss")
        #expect(response.requestId == "invite")
        _ = try await scene.desktop.waitForWindows(count: 0)
    }

    @Test func mateReportsItsCloseButtonAsExpiryWhichIsNoDismiss() async throws {
        let layout = MeetingInvitationLayout.mateNotificationDaemon
        let scene = try await Scene(server: layout.server)
        try await scene.postMeeting("invite")
        let window = try #require(try await scene.desktop.waitForWindows(count: 1).first)
        let point = layout.close(window)
        try scene.desktop.click(x: point.x, y: point.y)
        _ = try await scene.desktop.waitForWindows(count: 0)
        // NotificationClosed reason 1 ("expired"): usernoted cannot tell it from a timeout.
        try await scene.postMeeting("after")
        _ = try await scene.desktop.waitForWindows(count: 1)
        let pending = try await scene.center.call("GetDelivered", [.string(Scene.appID)])
        #expect(pending.first?.as(String.self)?.contains("\"invite\"") == false, "it left the screen")
        #expect(scene.handler.responses.pending.isEmpty, "no dismiss")
    }

    @Test(arguments: layouts)
    func theSameIdentifierReplacesInPlaceAndItsButtonsStillWork(_ layout: MeetingInvitationLayout) async throws {
        let scene = try await Scene(server: layout.server)
        try await scene.postMeeting("invite")
        let first = try #require(try await scene.desktop.waitForWindows(count: 1).first)
        try await scene.postMeeting("invite")
        // Still one window, where the first was: a second would be a new notification.
        let replaced = try #require(try await scene.desktop.waitForWindows(count: 1).first)
        #expect((replaced.x, replaced.y) == (first.x, first.y))
        let point = layout.decline(replaced)
        try scene.desktop.click(x: point.x, y: point.y)
        let response = try await scene.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect([response.requestId, response.actionIdentifier] == ["invite", "DECLINE_ACTION"])
        _ = try await scene.desktop.waitForWindows(count: 0)  // no second window was left behind
        #expect(scene.handler.responses.pending.isEmpty, "one click, one response")
    }

    @Test(arguments: layouts)
    func aKilledServerShowsItAgainAndItsButtonsStillWork(_ layout: MeetingInvitationLayout) async throws {
        let scene = try await Scene(server: layout.server)
        try await scene.postMeeting("invite")
        _ = try await scene.desktop.waitForWindows(count: 1)
        scene.desktop.stopServer(signal: SIGKILL)
        _ = try await scene.desktop.waitForWindows(count: 0)
        try await scene.desktop.startServer()
        let window = try #require(try await scene.desktop.waitForWindows(count: 1).first)
        let point = layout.decline(window)
        try scene.desktop.click(x: point.x, y: point.y)
        let response = try await scene.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect([response.requestId, response.actionIdentifier] == ["invite", "DECLINE_ACTION"])
        #expect(response.notification.content.userInfo["MEETING_ID"] == .string("M-invite"))
    }

    // MARK: Server profiles

    /// The meeting invitation with four more buttons, more than notification-daemon's window
    /// has room for, and Accept and Decline for servers with few.
    static let profileCategories = """
        [{"identifier": "MEETING_INVITATION", "minimalActions": ["DECLINE_ACTION", "ACCEPT_ACTION"],
          "actions": [{"identifier": "ACCEPT_ACTION", "title": "Accept"},
                      {"identifier": "TENTATIVE_ACTION", "title": "Tentative"},
                      {"identifier": "PROPOSE_ACTION", "title": "Propose a new time"},
                      {"identifier": "DELEGATE_ACTION", "title": "Delegate"},
                      {"identifier": "FORWARD_ACTION", "title": "Forward"},
                      {"identifier": "DECLINE_ACTION", "title": "Decline", "options": ["destructive"]}]},
         {"identifier": "CHAT",
          "actions": [{"identifier": "REPLY_ACTION", "title": "Reply", "textInputButtonTitle": "Send",
                       "suggestions": ["On my way, 5 minutes"]}]}]
        """

    /// The servers whose row of buttons the profile tests click by position.
    static let profileLayouts = [MeetingInvitationLayout.xfce4Notifyd, .notificationDaemon]

    @Test(arguments: profileLayouts)
    func aSuggestionClickedIsTheReplyActionWithItsText(_ layout: MeetingInvitationLayout) async throws {
        let scene = try await Scene(server: layout.server)
        _ = try await scene.center.call("SetCategories", [.string(Scene.appID), .string(Self.profileCategories)])
        try await scene.postMeeting("chat", category: "CHAT")
        let window = try #require(try await scene.desktop.waitForWindows(count: 1).first)
        // xfce4-notifyd: Open, Reply, the suggestion; notification-daemon: Reply, the suggestion.
        let last = try #require(layout.last)
        let point = last(window, 3)
        try scene.desktop.click(x: point.x, y: point.y)
        let response = try await scene.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect(response.actionIdentifier == "REPLY_ACTION")
        #expect(response.userText == "On my way, 5 minutes")
        #expect(response.notification.content.userInfo["MEETING_ID"] == .string("M-chat"))
    }

    @Test func aSuggestionChosenInDunstsMenuIsTheReplyActionWithItsText() async throws {
        let scene = try await Scene()
        _ = try await scene.center.call("SetCategories", [.string(Scene.appID), .string(Self.profileCategories)])
        try await scene.postMeeting("chat", category: "CHAT")
        let (_, shown) = try await scene.desktop.waitUntilShown("the chat notification") { _ in true }
        let menu = try await scene.desktop.openMenu(choosing: "x-usernoted-suggestion-0", of: shown.id)
        #expect(menu.map(\.label).contains("On my way, 5 minutes"))
        let response = try await scene.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect([response.actionIdentifier, response.userText] == ["REPLY_ACTION", "On my way, 5 minutes"])
    }

    /// notification-daemon cuts its row of buttons off after about 3: it gets the two minimal
    /// ones, Decline last (all six would push Decline out of its window). xfce4-notifyd shows
    /// them all: Open and the six, Decline seventh.
    @Test(arguments: [(MeetingInvitationLayout.notificationDaemon, 2), (.xfce4Notifyd, 7)])
    func aServerWithFewButtonsGetsTheMinimalActions(_ layout: MeetingInvitationLayout, buttons: Int) async throws {
        let scene = try await Scene(server: layout.server)
        _ = try await scene.center.call("SetCategories", [.string(Scene.appID), .string(Self.profileCategories)])
        try await scene.postMeeting("invite")
        let window = try #require(try await scene.desktop.waitForWindows(count: 1).first)
        let last = try #require(layout.last)
        let point = last(window, buttons)
        try scene.desktop.click(x: point.x, y: point.y)
        let response = try await scene.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect(response.actionIdentifier == "DECLINE_ACTION")
    }
}
