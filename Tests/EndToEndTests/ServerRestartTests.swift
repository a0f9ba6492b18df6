import Foundation
import Testing
import TestSupport

/// The user's notification server goes away and comes back; nothing on screen is lost.
@Suite(.serialized) struct ServerRestartTests {
    @Test func aKilledServerGetsItsNotificationsBackAndTheirActionsStillRoute() async throws {
        let scene = try await Scene()
        for index in 0..<20 { try await scene.postMeeting("invite-\(index)") }
        try await scene.expectDisplayed(20)

        scene.desktop.stopServer(signal: SIGKILL)
        try await scene.desktop.startServer()
        try await scene.expectDisplayed(20)

        try scene.desktop.pick("DECLINE_ACTION")
        let response = try await scene.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect(response.actionIdentifier == "DECLINE_ACTION")
        #expect(response.requestId.hasPrefix("invite-"))
        #expect(response.notification.content.userInfo["MEETING_ID"] == .string("M-\(response.requestId)"))
        try await scene.expectDisplayed(19)
    }

    @Test func postsWhileNoServerRunsAreShownWhenOneStarts() async throws {
        let scene = try await Scene()
        scene.desktop.stopServer()
        try await scene.postMeeting("while-away")
        try await scene.desktop.startServer()
        try await scene.expectDisplayed(1)
        try scene.desktop.dunstctl("action")
        let response = try await scene.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect(response.requestId == "while-away" && response.actionIdentifier == "default")
    }
}
