import UsernotedAPI
import DBus
import Foundation
import Testing
import TestSupport

/// A shell script's view: the daemon driven with plain `dbus-send`, answered through dunst.
@Suite(.serialized) struct DBusSendTests {
    func dbusSend(_ scene: Scene, _ method: String, _ arguments: String...) throws -> CommandResult {
        try Command.run(
            "dbus-send",
            ["--session", "--print-reply", "--dest=io.github.usernoted", "/io/github/usernoted",
             "io.github.usernoted.Center1.\(method)"] + arguments,
            environment: scene.desktop.environment)
    }

    @Test func aScriptRegistersPostsAndASubscriberSeesTheResponseSignal() async throws {
        let scene = try await Scene(registerHandler: false)
        // A script cannot hold a subscription with dbus-send (it leaves the bus); an observer subscribes.
        let responses = try await scene.center.subscribeToResponses(of: "org.example.Build")
        let categories = #"[{"identifier":"BUILD","actions":[{"identifier":"RETRY","title":"Retry"},{"identifier":"LOGS","title":"Show logs"}]}]"#
        let set = try dbusSend(scene, "SetCategories", "string:org.example.Build", "string:\(categories)")
        #expect(set.succeeded, "\(set.errors)")
        let post = try dbusSend(scene, "Post", "string:org.example.Build", "string:BUILD", "string:Build failed", "string:3 tests failed")
        #expect(post.succeeded, "\(post.errors)")
        let requestID = try #require(post.output.split(separator: "\"").dropFirst().first.map(String.init))
        try await scene.expectDisplayed(1)

        // dbus-send has exited; the user picks "Show logs" in dunst's menu.
        try scene.desktop.pick("LOGS")
        let signal = try await withDeadline(.seconds(10), "Response signal") {
            for await signal in responses { return signal }
            throw TestSupportError("signal stream ended")
        }
        #expect(signal.body.prefix(4) == [.string("org.example.Build"), .string(requestID), .string("LOGS"), .string("")])
        let json = try #require(signal.body.last?.as(String.self))
        #expect(json.contains(#""actionIdentifier":"LOGS""#))
        #expect(json.contains(#""title":"Build failed""#))
    }

    @Test func aScriptSeesNamedErrorsThatSayWhatToFix() async throws {
        let scene = try await Scene(registerHandler: false)
        let malformed = try dbusSend(scene, "SetCategories", "string:org.example.Build", "string:[{\"identifier\": ")
        #expect(!malformed.succeeded)
        #expect(malformed.errors.contains("Error io.github.usernoted.Error.InvalidJSON"))
        #expect(malformed.errors.contains("not valid JSON"))

        let unknown = try dbusSend(scene, "Post", "string:org.example.Build", "string:NOPE", "string:t", "string:b")
        #expect(!unknown.succeeded)
        #expect(unknown.errors.contains("Error io.github.usernoted.Error.UnknownCategory"))
        #expect(unknown.errors.contains("\"NOPE\""))

        let badApp = try dbusSend(scene, "Post", "string:not an app id", "string:", "string:t", "string:b")
        #expect(badApp.errors.contains("Error io.github.usernoted.Error.InvalidAppId"))

        let wrongArgs = try dbusSend(scene, "Post", "string:org.example.Build")
        #expect(wrongArgs.errors.contains("Error org.freedesktop.DBus.Error.InvalidArgs"))
        #expect(wrongArgs.errors.contains("s app_id, s category_id, s title, s body"))

        // And it keeps serving.
        let fine = try dbusSend(scene, "Post", "string:org.example.Build", "string:", "string:Still here", "string:")
        #expect(fine.succeeded, "\(fine.errors)")
        try await scene.expectDisplayed(1)
    }
}
