import Foundation
import Testing
import TestSupport

/// `usernotectl extension`: an app's service extension set and removed from the command line.
extension UsernotectlTests {
    @Test func extensionSetChangesMutableContentAndRemoveShowsItAsItCame() async throws {
        let scene = try await Scene(registerHandler: false)
        let program = try writeScript(
            try TemporaryDirectory.make(prefix: "usernotectl-extension").appending(path: "decrypt").path,
            #"cat > /dev/null; echo '{"title": "Anna", "body": "see you at 8"}'"#)
        let set = try usernotectl(scene, "extension", "set", "--app", Self.app, "--", program)
        #expect(set.succeeded && set.output.isEmpty, "\(set.errors)")
        let payload = #"{"aps": {"alert": {"title": "New message"}, "mutable-content": 1}}"#
        #expect(try usernotectl(scene, "push", "--app", Self.app, "-", input: payload).succeeded)
        let (_, changed) = try await scene.desktop.waitUntilShown("the extension's content") { $0.summary == "Anna" }
        #expect(changed.body == "see you at 8")

        let removed = try usernotectl(scene, "extension", "remove", "--app", Self.app)
        #expect(removed.succeeded, "\(removed.errors)")
        #expect(try usernotectl(scene, "push", "--app", Self.app, "-", input: payload).succeeded)
        _ = try await scene.desktop.waitUntilShown("the push as it came") { $0.summary == "New message" }
    }
}
