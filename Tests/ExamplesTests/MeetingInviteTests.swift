import Foundation
import Testing
import TestSupport

/// Examples/MeetingInvite against usernoted and dunst: a user answers, closes, or only opens
/// the invitation, and the app keeps what was put off for its next launch.
@Suite(.serialized) struct MeetingInviteTests {
    /// The app's meetings.json, as the test reads it.
    struct Meetings: Decodable, Equatable {
        struct Invitation: Decodable, Equatable {
            var meetingID: String
            var userID: String
        }
        var accepted: [Invitation]
        var declined: [Invitation]
        var queued: [Invitation]
    }

    static let invitation = Meetings.Invitation(meetingID: "123456789", userID: "ABCD1234")
    static let running = "MeetingInvite is running"

    func meetings(_ scene: ExampleScene) throws -> Meetings {
        let data = try Data(contentsOf: scene.dataDirectory("MeetingInvite").appending(path: "meetings.json"))
        return try JSONDecoder().decode(Meetings.self, from: data)
    }

    @Test func aClosedInvitationComesBackAtTheNextLaunchAndIsThenAccepted() async throws {
        let scene = try await ExampleScene()
        let first = try await scene.launch("MeetingInvite", ["--invite"], readyWhen: Self.running)

        // The user sees the invitation and its buttons…
        let (seen, invitation) = try await scene.desktop.waitUntilShown("the invitation") { $0.summary == "Weekly Staff Meeting" }
        #expect(invitation.body == "Every Tuesday at 2pm")
        #expect(try await scene.desktop.openMenu().buttons(of: invitation.id) == ["Accept", "Decline"])
        // … and closes it: the app keeps it for later (customDismissAction).
        try scene.desktop.dunstctl("close")
        try await first.waitForLog(containing: "Invitation to meeting 123456789 kept for the next launch")
        #expect(try meetings(scene) == Meetings(accepted: [], declined: [], queued: [Self.invitation]))
        try await scene.expectDisplayed(0)
        first.stop()

        // Launched again, the app delivers it again, and now the user accepts it.
        let second = try await scene.launch("MeetingInvite", readyWhen: Self.running)
        #expect(second.log.contains("Invitation to meeting 123456789 delivered again"))
        let (_, again) = try await scene.desktop.waitUntilShown(from: seen + 1, "the invitation again") {
            $0.summary == "Weekly Staff Meeting"
        }
        #expect(again.body == "Every Tuesday at 2pm")
        let menu = try await scene.desktop.openMenu(choosing: "ACCEPT_ACTION", of: again.id)
        #expect(menu.buttons(of: again.id) == ["Accept", "Decline"])
        try await second.waitForLog(containing: "ABCD1234 accepted meeting 123456789")
        #expect(try meetings(scene) == Meetings(accepted: [Self.invitation], declined: [], queued: []))
        try await scene.expectDisplayed(0)
    }

    @Test func anInvitationOpenedWithoutAnAnswerIsKeptToo() async throws {
        let scene = try await ExampleScene()
        let app = try await scene.launch("MeetingInvite", ["--invite"], readyWhen: Self.running)
        try await scene.desktop.waitUntilShown("the invitation") { $0.summary == "Weekly Staff Meeting" }
        try await scene.desktop.waitForWindows()
        try scene.desktop.click()  // a left click on the body: the default action, no answer
        try await app.waitForLog(containing: "Invitation to meeting 123456789 kept for the next launch")
        #expect(try meetings(scene).queued == [Self.invitation])
    }

    @Test func aDeclineIsRecorded() async throws {
        let scene = try await ExampleScene()
        let app = try await scene.launch("MeetingInvite", ["--invite"], readyWhen: Self.running)
        let (_, invitation) = try await scene.desktop.waitUntilShown("the invitation") { $0.summary == "Weekly Staff Meeting" }
        try await scene.desktop.openMenu(choosing: "DECLINE_ACTION", of: invitation.id)
        try await app.waitForLog(containing: "ABCD1234 declined meeting 123456789")
        #expect(try meetings(scene) == Meetings(accepted: [], declined: [Self.invitation], queued: []))
        try await scene.expectDisplayed(0)
    }
}
