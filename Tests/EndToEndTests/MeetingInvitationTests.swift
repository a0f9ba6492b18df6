import DBus
import Foundation
import Testing
import TestSupport
import UserNotificationsCore

/// Apple's meeting-invitation flow, against a real dunst under Xvfb: Debian 12's (1.9) and,
/// for the essentials, Debian 13's (1.12).
@Suite(.serialized) struct MeetingInvitationTests {
    @Test(arguments: Scene.releases)
    func declinePickedFromDunstsMenuReachesTheHandlerWithUserInfo(on release: DebianRelease) async throws {
        let scene = try await Scene(server: NotificationServerKind.dunst.from(release))
        let id = try await scene.postMeeting("standup-1")
        #expect(id == "standup-1")
        try await scene.expectDisplayed(1)

        try scene.desktop.pick("DECLINE_ACTION")
        let response = try await scene.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect(response.actionIdentifier == "DECLINE_ACTION")
        #expect(response.appId.rawValue == Scene.appID)
        #expect(response.requestId == "standup-1")
        #expect(response.notification.content.userInfo == ["MEETING_ID": "M-standup-1", "USER_ID": "U-42"])
        #expect(response.notification.content.title == "Weekly Staff Meeting")
        #expect(response.userText == nil)
        // The handler answered `dismiss`: the daemon takes it off the screen.
        try await scene.expectDisplayed(0)
        #expect(scene.handler.responses.pending.isEmpty)
    }

    @Test(arguments: Scene.releases)
    func clickingTheBodyWithDunstctlIsTheDefaultAction(on release: DebianRelease) async throws {
        let scene = try await Scene(server: NotificationServerKind.dunst.from(release))
        try await scene.postMeeting("standup-2")
        try await scene.expectDisplayed(1)
        try scene.desktop.dunstctl("action")
        let response = try await scene.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect(response.actionIdentifier == "default")
        #expect(response.notification.content.userInfo["MEETING_ID"] == "M-standup-2")
    }

    @Test(arguments: Scene.releases)
    func aRealMouseClickOnTheWindowIsTheDefaultAction(on release: DebianRelease) async throws {
        let scene = try await Scene(server: NotificationServerKind.dunst.from(release))
        try await scene.postMeeting("standup-3")
        try await scene.expectDisplayed(1)
        try scene.desktop.click(button: 1)
        let response = try await scene.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect(response.actionIdentifier == "default")
        #expect(response.requestId == "standup-3")
    }

    @Test(arguments: Scene.releases)
    func closingSendsDismissOnlyForCategoriesThatAskForIt(on release: DebianRelease) async throws {
        let scene = try await Scene(server: NotificationServerKind.dunst.from(release))
        // REMINDER has no customDismissAction: closing it yields nothing…
        try await scene.postMeeting("reminder-1", category: "REMINDER")
        try await scene.expectDisplayed(1)
        try scene.desktop.dunstctl("close")
        try await scene.expectDisplayed(0)
        // …so the first response the handler sees is the invitation's dismiss.
        let response = try await scene.closeFreshInvitation("standup-4")
        #expect(response.actionIdentifier == "dismiss")
        #expect(response.requestId == "standup-4")
        #expect(response.notification.content.userInfo["USER_ID"] == "U-42")
    }

    @Test(arguments: Scene.releases)
    func aMiddleClickAfterAnActionIsNotASecondResponse(on release: DebianRelease) async throws {
        let scene = try await Scene(server: NotificationServerKind.dunst.from(release))
        scene.handler.answer("keep")
        try await scene.postMeeting("standup-5")
        try await scene.expectDisplayed(1)
        try scene.desktop.pick("ACCEPT_ACTION")
        let accepted = try await scene.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect(accepted.actionIdentifier == "ACCEPT_ACTION")
        try await scene.expectDisplayed(1)  // `keep`: still on screen
        // Close it with a real middle click: the answered notification gives no dismiss.
        try scene.desktop.click(button: 2)
        try await scene.expectDisplayed(0)
        try await scene.postMeeting("standup-6")
        try await scene.expectDisplayed(1)
        try scene.desktop.dunstctl("close")
        let next = try await scene.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect(next.requestId == "standup-6")
        #expect(next.actionIdentifier == "dismiss")
    }

    @Test func theSameIdentifierReplacesTheNotificationOnScreen() async throws {
        let scene = try await Scene()
        try await scene.postMeeting("standup-7")
        try await scene.postMeeting("standup-7")
        try await scene.expectDisplayed(1)
        let delivered = try await scene.center.call("GetDelivered", [.string(Scene.appID)])
        let requests = try ModelJSON.decodeRequests(delivered.first?.as(String.self) ?? "")
        #expect(requests.map(\.identifier) == ["standup-7"])
    }

    @Test func responsesWaitForAHandlerThatRegistersLater() async throws {
        let scene = try await Scene(registerHandler: false)
        let signals = try await scene.center.subscribeToResponses(of: Scene.appID)
        try await scene.postMeeting("standup-8")
        try await scene.expectDisplayed(1)
        try scene.desktop.pick("ACCEPT_ACTION")
        // The daemon has the response (its Response signal says so) while no handler is there.
        let signal = try await withDeadline(.seconds(10), "Response signal") {
            for await signal in signals { return signal }
            throw TestSupportError("signal stream ended")
        }
        #expect(signal.body.prefix(3) == [.string(Scene.appID), .string("standup-8"), .string("ACCEPT_ACTION")])
        // The app starts later and registers its handler: the response is delivered then.
        try await scene.registerHandler()
        let response = try await scene.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect(response.actionIdentifier == "ACCEPT_ACTION")
        #expect(response.requestId == "standup-8")
    }
}
