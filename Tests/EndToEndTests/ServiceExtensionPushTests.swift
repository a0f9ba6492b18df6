import DBus
import Foundation
import MQTT
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `mutable-content` pushes and payloads through the app's service extension: the built daemon,
/// a fake notification server, a real mosquitto, and extensions that are shell scripts.
@Suite(.serialized) struct ServiceExtensionPushTests {
    typealias Desktop = PushTests.Desktop
    static let app = PushTests.app

    /// A push with `mutable-content` and the title `title`, carrying `secret` in a custom key.
    static func payload(_ title: String, secret: String = "c2VjcmV0") -> String {
        #"{"aps": {"alert": {"title": "\#(title)"}, "mutable-content": 1}, "ciphertext": "\#(secret)"}"#
    }

    /// Sets `body` (a shell script) as the app's service extension; returns its path.
    static func setExtension(_ desktop: Desktop, _ name: String, _ body: String) async throws -> String {
        let path = try writeScript(desktop.bus.directory.appending(path: name).path, body)
        _ = try await desktop.center.call("SetServiceExtension", [.string(app), [path].dbusValue])
        return path
    }

    /// Publishes a push without `mutable-content` and waits for it: nothing else was shown before it.
    static func expectNothingElse(_ desktop: Desktop, _ provider: MQTTProbe, token: String, id: String) async throws {
        try await provider.publish(token, PushTests.payload("Marker \(id)"), properties: PushTests.headers(id: id))
        #expect(try await desktop.nextNew("the marker push").summary == "Marker \(id)", "nothing was shown between")
    }

    /// Waits until the extension has started `runs` times (each run appends its pid to `started`),
    /// SIGKILLs the daemon and that run, and starts the daemon again on the same state.
    static func killDuringRun(_ runs: Int, of desktop: inout Desktop, started: String) async throws {
        let pids = try await fileText(at: started, "extension run \(runs)") { $0.split(separator: "\n").count == runs }
        kill(desktop.daemon.process.pid, SIGKILL)
        _ = desktop.daemon.process.wait()
        if let pid = pids.split(separator: "\n").last.flatMap({ pid_t($0) }) { kill(pid, SIGKILL) }
        try await desktop.restart()
    }

    @Test func theExtensionsContentIsShownForAPushAndForPostPayload() async throws {
        let broker = try await Mosquitto()
        let desktop = try await Desktop(broker: broker, device: "ext1")
        let input = desktop.bus.directory.appending(path: "input.json").path
        _ = try await Self.setExtension(desktop, "decrypt", """
            cat > '\(input)'
            echo '{"title": "Anna", "body": "see you at 8", "categoryIdentifier": "DEPLOY"}'
            """)
        let token = try await desktop.token()
        let provider = try MQTTProbe(broker.url, id: "provider")
        try await provider.connected()
        try await provider.publish(token, Self.payload("New message"), properties: PushTests.headers(id: "msg-1"))

        let shown = try await desktop.nextNew("the changed push")
        #expect(shown.summary == "Anna")
        #expect(shown.body == "see you at 8")
        #expect(shown.actions == ["default", "Open", "APPROVE", "Approve", "REJECT", "Reject"], "the category it named")
        let given = try String(contentsOfFile: input, encoding: .utf8)
        try await desktop.daemon.process.waitForLog(containing: "push: handed to the service extension")
        #expect(!desktop.daemon.process.log.contains("push: shown"), "the log says what became of it")
        #expect(given.contains(#""identifier":"msg-1""#) && given.contains(#""ciphertext":"c2VjcmV0""#), "\(given)")

        let reply = try await desktop.center.call("PostPayload", [.string(Self.app), .string(Self.payload("Local"))])
        let id = try #require(reply.first?.as(String.self))
        #expect(try await desktop.nextNew("the changed payload").summary == "Anna")
        let delivered = try #require(try await desktop.center.call("GetDelivered", [.string(Self.app)]).first?.as(String.self))
        #expect(delivered.contains(#""identifier":"\#(id)""#))

        // Without an extension, mutable-content is shown as it came.
        _ = try await desktop.center.call("RemoveServiceExtension", [.string(Self.app)])
        try await provider.publish(token, Self.payload("As it came"), properties: PushTests.headers(id: "msg-2"))
        #expect(try await desktop.nextNew("the push without extension").summary == "As it came")
        await provider.stop()
    }

    @Test func anExtensionThatFailsOrRunsOutOfTimeShowsTheOriginalOnce() async throws {
        let broker = try await Mosquitto()
        let desktop = try await Desktop(broker: broker, device: "ext2", extra: "[delivery]\nserviceExtensionSeconds = 1")
        let token = try await desktop.token()
        let provider = try MQTTProbe(broker.url, id: "provider")
        try await provider.connected()
        let cases: [(name: String, body: String, reason: String)] = [
            ("fails", "exit 1", "it ended with exited(1)"),
            ("hangs", "exec sleep 60", "it ran longer than 1 s (serviceExtensionSeconds) and was stopped"),
            ("babbles", "echo 'not json'", "is not a content object"),
            ("unknown", #"echo '{"title": "x", "categoryIdentifier": "NOPE"}'"#, "the content it made cannot be shown"),
            ("attaches", #"echo '{"title": "x", "attachments": [{"url": "file:///nonexistent/photo.png"}]}'"#,
             "the content it made cannot be shown"),
        ]
        for (index, (name, body, reason)) in cases.enumerated() {
            _ = try await Self.setExtension(desktop, name, body)
            try await provider.publish(token, Self.payload("New message \(index)"), properties: PushTests.headers(id: name))
            #expect(try await desktop.nextNew("the original of \(name)").summary == "New message \(index)", "\(name)")
            #expect(desktop.daemon.process.log.contains(reason), "\(name): \(desktop.daemon.process.log)")
            try await Self.expectNothingElse(desktop, provider, token: token, id: "after-\(name)")
        }
        await provider.stop()
    }

    @Test func aDaemonKilledWhileTheExtensionRunsShowsThePushOnceAfterItRestarts() async throws {
        let broker = try await Mosquitto()
        var desktop = try await Desktop(broker: broker, device: "ext3")
        let started = desktop.bus.directory.appending(path: "started").path
        // The first run hangs (and says so); the run after the restart decrypts.
        _ = try await Self.setExtension(desktop, "decrypt", """
            if [ -e '\(started)' ]; then
                echo '{"title": "Anna", "body": "decrypted after the restart"}'
            else
                echo $$ >> '\(started)'
                exec sleep 60
            fi
            """)
        let token = try await desktop.token()
        let provider = try MQTTProbe(broker.url, id: "provider")
        try await provider.connected()
        try await provider.publish(token, Self.payload("New message"), properties: PushTests.headers(id: "killed-1"))
        try await Self.killDuringRun(1, of: &desktop, started: started)
        try await desktop.daemon.process.waitForLog(containing: "push: subscribed")
        let shown = try await desktop.nextNew("the push after the restart")
        #expect(shown.summary == "Anna")
        #expect(shown.body == "decrypted after the restart")
        try await Self.expectNothingElse(desktop, provider, token: token, id: "after-restart")
        await provider.stop()
    }

    @Test func aDaemonKilledTwiceWhileTheExtensionRunsShowsTheOriginalOnce() async throws {
        let broker = try await Mosquitto()
        var desktop = try await Desktop(broker: broker, device: "ext4")
        let started = desktop.bus.directory.appending(path: "started").path
        // Every run hangs, and writes its pid first.
        _ = try await Self.setExtension(desktop, "hang", "echo $$ >> '\(started)'\nexec sleep 60")
        let token = try await desktop.token()
        let provider = try MQTTProbe(broker.url, id: "provider")
        try await provider.connected()
        try await provider.publish(token, Self.payload("New message"), properties: PushTests.headers(id: "killed-twice"))
        for runs in 1...2 { try await Self.killDuringRun(runs, of: &desktop, started: started) }
        try await desktop.daemon.process.waitForLog(containing: "push: subscribed")
        #expect(try await desktop.nextNew("the original after the second restart").summary == "New message")
        #expect(desktop.daemon.process.log.contains("the daemon stopped while the extension ran, and again"))
        #expect(try String(contentsOfFile: started, encoding: .utf8).split(separator: "\n").count == 2, "not run a third time")
        try await Self.expectNothingElse(desktop, provider, token: token, id: "after-second-restart")
        await provider.stop()
    }
}
