import Foundation
import Testing
import TestSupport

/// Where a user clicks on the meeting invitation in a server's window, relative to it, as
/// laid out by Debian 12's packages with DejaVu fonts on the test desktop.
struct MeetingInvitationLayout: Sendable, CustomStringConvertible {
    var server: NotificationServerKind
    /// The Decline button.
    var decline: @Sendable (WindowFrame) -> (x: Int, y: Int)
    /// What closes it without an action: a close button, or the body where a click closes.
    var close: @Sendable (WindowFrame) -> (x: Int, y: Int)

    var description: String { server.description }

    /// xfce4-notifyd: every action, the default one ("Open") too, as equal buttons across
    /// the bottom (Open, Accept, Decline); a click on the body closes it.
    static let xfce4Notifyd = MeetingInvitationLayout(
        server: .xfce4Notifyd,
        decline: { ($0.x + 9 + (($0.width - 18) * 5) / 6, $0.y + $0.height - 31) },
        close: { ($0.x + $0.width / 2, $0.y + 20) })
    /// notification-daemon: the actions but the default one, right-aligned at the bottom;
    /// a close button at the top right.
    static let notificationDaemon = MeetingInvitationLayout(
        server: .notificationDaemon,
        decline: { ($0.x + $0.width - 88, $0.y + $0.height - 39) },
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
    static let closeReportedAsDismissed = layouts.filter { $0.server.description != "mate-notification-daemon" }

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
}
