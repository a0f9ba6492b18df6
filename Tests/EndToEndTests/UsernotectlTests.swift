import Foundation
import Testing
import TestSupport

/// A terminal user's view: the built `usernotectl` against the daemon, answered through dunst.
@Suite(.serialized) struct UsernotectlTests {
    static let binary = DaemonProcess.productsDirectory.appending(path: "usernotectl").path

    func usernotectl(_ scene: Scene, _ arguments: String..., input: String? = nil) throws -> CommandResult {
        try Command.run(Self.binary, arguments, environment: scene.desktop.environment, input: input)
    }

    /// Waits until `process` wrote `text` on standard error.
    func waitForLog(_ process: ManagedProcess, containing text: String) async throws {
        _ = try await withDeadline(.seconds(10), "usernotectl saying \(text)") {
            while !process.log.contains(text) {
                guard process.isRunning else { throw TestSupportError("usernotectl exited: \(process.log)") }
                try await Task.sleep(for: .milliseconds(20))
            }
            return true
        }
    }

    /// Waits until `process` exits by itself.
    func waitForExit(_ process: ManagedProcess) async throws {
        _ = try await withDeadline(.seconds(10), "usernotectl exiting") {
            while process.isRunning { try await Task.sleep(for: .milliseconds(20)) }
            return true
        }
    }

    @Test func aTerminalUserRegistersPostsAndListens() async throws {
        let scene = try await Scene(registerHandler: false)
        let set = try usernotectl(scene, "categories", "set", Scene.appID, "-", input: Scene.meetingCategories)
        #expect(set.succeeded, "\(set.errors)")
        let get = try usernotectl(scene, "categories", "get", Scene.appID)
        #expect(get.output.contains(#""identifier":"DECLINE_ACTION""#), "\(get.output)")

        let output = FileManager.default.temporaryDirectory.appending(path: "usernotectl-listen-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let (listen, _) = try ManagedProcess.start(
            Self.binary, ["listen", Scene.appID, "--count", "1"], environment: scene.desktop.environment, standardOutput: output)
        try await waitForLog(listen, containing: "listening for responses of \(Scene.appID)")

        let post = try usernotectl(
            scene, "post", Scene.appID, "Weekly Staff Meeting", "Every Tuesday at 2pm",
            "--category", "MEETING_INVITATION", "--user-info", #"{"MEETING_ID":"42"}"#)
        #expect(post.succeeded, "\(post.errors)")
        let requestID = post.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!requestID.isEmpty)
        try await scene.expectDisplayed(1)
        #expect(try usernotectl(scene, "delivered", Scene.appID).output.contains(requestID))

        try scene.desktop.pick("DECLINE_ACTION")
        try await waitForExit(listen)
        let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1)
        let line = try #require(lines.first)
        #expect(line.contains(#""actionIdentifier":"DECLINE_ACTION""#))
        #expect(line.contains(#""MEETING_ID":"42""#))
        #expect(line.contains(requestID))

        let removed = try usernotectl(scene, "remove-delivered", Scene.appID)
        #expect(removed.succeeded, "\(removed.errors)")
        try await scene.expectDisplayed(0)
    }

    @Test func errorsSayWhatToFixInOneLine() async throws {
        let scene = try await Scene(registerHandler: false)
        let unknown = try usernotectl(scene, "post", Scene.appID, "Hi", "--category", "NOPE")
        #expect(unknown.status == 1)
        #expect(unknown.errors.contains(#"usernotectl: category "NOPE" is not registered for org.example.Calendar"#))
        #expect(unknown.errors.contains("(io.github.usernoted.Error.UnknownCategory)"))

        let badApp = try usernotectl(scene, "post", "org..example", "Hi")
        #expect(badApp.status == 64)  // EX_USAGE: caught before the bus is touched
        #expect(badApp.errors.contains("not a valid app id"))

        let badUserInfo = try usernotectl(scene, "post", Scene.appID, "Hi", "--user-info", "[1]")
        #expect(badUserInfo.status == 64)
        #expect(badUserInfo.errors.contains(#"expected a JSON object such as {"MEETING_ID":"42"}"#))

        scene.daemon.stop()
        let notRunning = try usernotectl(scene, "post", Scene.appID, "Hi")
        #expect(notRunning.status == 1)
        #expect(notRunning.errors.contains("usernoted is not running on this bus; start it with"))
    }
}
