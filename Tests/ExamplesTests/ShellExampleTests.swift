import Foundation
import Testing
import TestSupport

/// Examples/shell/meeting-invite.sh, run as its README says, against usernoted and dunst:
/// the user's answer reaches the exec handler (a note and a confirmation on screen) and the
/// script's `usernotectl wait` (built next to usernoted, on its PATH).
@Suite(.serialized) struct ShellExampleTests {
    static let script = URL(filePath: #filePath).deletingLastPathComponent()
        .appending(path: "../../Examples/shell/meeting-invite.sh").standardized.path

    /// The user's environment with the built usernotectl on PATH.
    static func environment(_ scene: ExampleScene) -> [String: String] {
        var environment = scene.environment
        environment["PATH"] = DaemonProcess.productsDirectory.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        return environment
    }

    @Test func theAnswerReachesTheExecHandlerAndTheScript() async throws {
        let scene = try await ExampleScene()
        let (script, _) = try ManagedProcess.start("/bin/sh", [Self.script], environment: Self.environment(scene))
        let (_, invitation) = try await scene.desktop.waitUntilShown("the invitation") { $0.summary == "Weekly Staff Meeting" }
        #expect(invitation.body == "Every Tuesday at 2pm")
        try await script.waitForLog(containing: "posted: accept, decline or close it")

        let menu = try await scene.desktop.openMenu(choosing: "DECLINE_ACTION", of: invitation.id)
        #expect(menu.buttons(of: invitation.id) == ["Accept", "Decline"])

        // The script's usernotectl wait got the Response signal; the script printed it and ended.
        try await script.waitForLog(containing: "The user chose DECLINE_ACTION")
        #expect(script.wait() == 0)
        // The exec handler confirmed it on screen and noted it.
        let (_, confirmation) = try await scene.desktop.waitUntilShown("the handler's confirmation") {
            $0.summary == "You declined Weekly Staff Meeting"
        }
        #expect(confirmation.body == "Meeting 123456789")
        let answers = try String(contentsOf: scene.dataDirectory("shell").appending(path: "answers.log"), encoding: .utf8)
        #expect(answers.hasSuffix(" declined meeting 123456789 (Weekly Staff Meeting)\n"), "\(answers)")
    }

    @Test func closingTheInvitationIsAnAnswerToo() async throws {
        let scene = try await ExampleScene()
        let (script, _) = try ManagedProcess.start("/bin/sh", [Self.script], environment: Self.environment(scene))
        try await scene.desktop.waitUntilShown("the invitation") { $0.summary == "Weekly Staff Meeting" }
        try await script.waitForLog(containing: "posted: accept, decline or close it")
        try scene.desktop.dunstctl("close")
        try await script.waitForLog(containing: "The user chose dismiss")
        try await scene.desktop.waitUntilShown("the handler's confirmation") { $0.summary == "You put off Weekly Staff Meeting" }
    }
}
