import DBus
import Foundation
import MQTT
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Remote notifications: the built daemon, a fake notification server, and a real mosquitto
/// on loopback with a provider publishing pushes and reading the answers.
@Suite(.serialized) struct PushTests {
    static let app = "org.example.Deploy"
    static let categories = """
        [{"identifier": "DEPLOY", "actions": [{"identifier": "APPROVE", "title": "Approve"},
                                              {"identifier": "REJECT", "title": "Reject", "options": ["destructive"]}]}]
        """
    static func payload(_ title: String, category: String = "DEPLOY") -> String {
        #"{"aps": {"alert": {"title": "\#(title)", "body": "build 42"}, "category": "\#(category)"}, "build": 42}"#
    }

    /// A desktop: a private bus, a fake server, and usernoted with push on against `broker` as `device`.
    struct Desktop {
        let bus: PrivateBus
        let server: FakeNotificationServer
        let config: URL
        /// The daemon's arguments besides `--config`.
        let arguments: [String]
        var daemon: DaemonProcess
        let center: Proxy

        init(
            broker: Mosquitto, url: String? = nil, device: String, keepAliveSeconds: Int = 5, extra: String = "",
            arguments: [String] = []
        ) async throws {
            self.arguments = arguments
            bus = try PrivateBus()
            server = try await FakeNotificationServer(bus: bus)
            config = bus.directory.appending(path: "config.toml")
            try """
                [push]
                broker = "\(url ?? broker.url)"
                device = "\(device)"
                user = "alice"
                keepAliveSeconds = \(keepAliveSeconds)
                \(extra)
                """.write(to: config, atomically: true, encoding: .utf8)
            daemon = try await DaemonProcess(bus: bus, arguments: ["--config", config.path] + arguments)
            center = Proxy.usernotedCenter(on: try await bus.connect())
            _ = try await center.call("SetCategories", [.string(PushTests.app), .string(PushTests.categories)])
            try await daemon.process.waitForLog(containing: "push: subscribed")
        }

        /// Starts the daemon again on the same state (after a stop or a kill).
        mutating func restart() async throws {
            daemon = try await DaemonProcess(bus: bus, arguments: ["--config", config.path] + arguments)
        }

        func token() async throws -> String {
            try #require(try await center.call("GetPushToken", [.string(PushTests.app)]).first?.as(String.self))
        }

        /// Each Notify that puts a new notification up (not one shown again in place after a restart).
        func nextNew(within timeout: Duration = .seconds(10), _ what: String) async throws -> ReceivedNotification {
            while true {
                let call = try await server.notifyCalls.next(within: timeout, what)
                if call.replacesID == 0 { return call }
            }
        }
    }

    static func headers(id: String, collapse: String? = nil, expiration: Int? = nil) -> [UserProperty] {
        [UserProperty("apns-id", id)] + (collapse.map { [UserProperty("apns-collapse-id", $0)] } ?? [])
            + (expiration.map { [UserProperty("apns-expiration", "\($0)")] } ?? [])
    }

    static func occurrences(of text: String, in log: String) -> Int { log.components(separatedBy: text).count - 1 }

    @Test func aPushIsShownWithItsActionsAndTheAnswerReachesTheProvider() async throws {
        let broker = try await Mosquitto()
        let desktop = try await Desktop(broker: broker, device: "desk1")
        let token = try await desktop.token()
        #expect(token == "usernoted/v1/devices/desk1/apps/\(Self.app)")
        let provider = try MQTTProbe(broker.url, id: "provider", subscriptions: [token + "/responses"])
        try await provider.connected()
        try await provider.publish(token, Self.payload("Deploy to production?"), properties: Self.headers(id: "push-1"))

        let shown = try await desktop.nextNew("the push on screen")
        #expect(shown.summary == "Deploy to production?")
        #expect(shown.body == "build 42")
        #expect(shown.actions == ["default", "Open", "APPROVE", "Approve", "REJECT", "Reject"])
        let delivered = try #require(try await desktop.center.call("GetDelivered", [.string(Self.app)]).first?.as(String.self))
        #expect(delivered.contains(#""identifier":"push-1""#), "apns-id is the request identifier: \(delivered)")

        try await desktop.server.emitActionInvoked(id: shown.id, key: "APPROVE")
        let answer = try await provider.message()
        #expect(answer.topic == token + "/responses")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(answer.payload)) as? [String: Any])
        #expect(json["actionIdentifier"] as? String == "APPROVE")
        #expect(json["apnsId"] as? String == "push-1")
        #expect(json["requestId"] as? String == "push-1")
        #expect(json["appId"] as? String == Self.app)
        let responseID = try #require(json["responseId"] as? String)
        #expect(answer.userProperty("response-id") == responseID)
        #expect((json["notification"] as? [String: Any])?["identifier"] as? String == "push-1")
        await provider.stop()
    }

    @Test func theUserTopicReachesTheDesktopAndACollapseIDReplacesInPlace() async throws {
        let broker = try await Mosquitto()
        let desktop = try await Desktop(broker: broker, device: "desk2")
        let provider = try MQTTProbe(broker.url, id: "provider")
        try await provider.connected()
        let userTopic = "usernoted/v1/users/alice/apps/\(Self.app)"
        try await provider.publish(userTopic, Self.payload("Build 1 running"), properties: Self.headers(id: "a", collapse: "build"))
        let first = try await desktop.nextNew("the first push")
        #expect(first.summary == "Build 1 running")
        try await provider.publish(userTopic, Self.payload("Build 1 passed"), properties: Self.headers(id: "b", collapse: "build"))
        let second = try await desktop.server.notifyCalls.next(within: .seconds(10), "the push that replaces it")
        #expect(second.summary == "Build 1 passed")
        #expect(second.replacesID == first.id, "same collapse id: in place")
        await provider.stop()
    }

    @Test func aPushSentWhileTheDaemonIsStoppedIsShownOnceWhenItStarts() async throws {
        let broker = try await Mosquitto()
        var desktop = try await Desktop(broker: broker, device: "desk3")
        let token = try await desktop.token()
        desktop.daemon.stop()
        let provider = try MQTTProbe(broker.url, id: "provider")
        try await provider.connected()
        let code = try await provider.publish(token, Self.payload("While you were away"), properties: Self.headers(id: "away-1"))
        #expect(code == 0, "the broker queues it for the desktop's session")

        try await desktop.restart()
        let shown = try await desktop.nextNew("the push sent while the daemon was stopped")
        #expect(shown.summary == "While you were away")

        // The same apns-id again, after another restart: remembered in the store, not shown again.
        desktop.daemon.stop()
        try await desktop.restart()
        try await desktop.daemon.process.waitForLog(containing: "push: subscribed")
        try await provider.publish(token, Self.payload("While you were away"), properties: Self.headers(id: "away-1"))
        try await desktop.daemon.process.waitForLog(containing: "push: already shown")
        try await provider.publish(token, Self.payload("Next"), properties: Self.headers(id: "away-2"))
        let daemon = desktop.daemon.process
        _ = try await withDeadline(.seconds(10), "the next push shown") {
            while Self.occurrences(of: "push: shown", in: daemon.log) < 1 { try await Task.sleep(for: .milliseconds(20)) }
            return true
        }
        // This run showed one push, the next one: the repeat was not shown. (Its Notify calls are not
        // counted: a restarted daemon may show again what was on screen, without the server's id if
        // the stop came before it was saved.)
        #expect(Self.occurrences(of: "push: shown", in: daemon.log) == 1)
        #expect(daemon.log.contains("apns-id=away-2") && Self.occurrences(of: "apns-id=away-1", in: daemon.log) == 1)
        await provider.stop()
    }

    @Test func anExpiredPushIsNotShownAndABadOneIsReportedOnErrors() async throws {
        let broker = try await Mosquitto()
        let desktop = try await Desktop(broker: broker, device: "desk4")
        let token = try await desktop.token()
        let provider = try MQTTProbe(broker.url, id: "provider", subscriptions: [token + "/errors"])
        try await provider.connected()
        let past = Int(Date().timeIntervalSince1970) - 60
        try await provider.publish(token, Self.payload("Too late"), properties: Self.headers(id: "old", expiration: past))
        try await provider.publish(token, #"{"aps": {"alert": "x"}, "#, properties: Self.headers(id: "broken"))
        try await provider.publish(token, Self.payload("Unknown", category: "NOPE"), properties: Self.headers(id: "unknown"))
        try await provider.publish(token, Self.payload("In time"), properties: Self.headers(id: "new", expiration: past + 3600))

        #expect(try await desktop.nextNew("the push in time").summary == "In time", "the expired one came first and was not shown")
        for (id, error) in [("broken", "InvalidJSON"), ("unknown", "UnknownCategory")] {
            let report = try await provider.message()
            let json = try #require(try JSONSerialization.jsonObject(with: Data(report.payload)) as? [String: String])
            #expect(report.topic == token + "/errors")
            #expect(json["apnsId"] == id)
            #expect(json["error"] == "io.github.usernoted.Error.\(error)", "\(json)")
            #expect(json["message"]?.isEmpty == false)
        }
        #expect(desktop.daemon.process.log.contains("push: expired"))
    }

    @Test func answersSurviveADaemonKillAndABrokerKill() async throws {
        let broker = try await Mosquitto()
        var desktop = try await Desktop(broker: broker, device: "desk5")
        let token = try await desktop.token()
        let responses = desktop.bus.directory.appending(path: "responses").path
        let script = try writeScript(desktop.bus.directory.appending(path: "on-response").path, "echo \"$USERNOTED_ACTION\" >> '\(responses)'")
        _ = try await desktop.center.call("SetExecHandler", [.string(Self.app), [script].dbusValue])
        let provider = try MQTTProbe(broker.url, id: "provider", subscriptions: [token + "/responses"])
        try await provider.connected()
        try await provider.publish(token, Self.payload("Deploy?"), properties: Self.headers(id: "deploy-1"))
        let shown = try await desktop.nextNew("the push")

        // The broker dies; the user answers; the daemon dies: the answer is in the daemon's store alone.
        broker.kill()
        try await desktop.server.emitActionInvoked(id: shown.id, key: "REJECT")
        _ = try await fileText(at: responses, "the handler's line") { $0.contains("REJECT") }
        kill(desktop.daemon.process.pid, SIGKILL)
        _ = desktop.daemon.process.wait()

        try await broker.start()
        try await desktop.restart()
        let answer = try await provider.message(within: .seconds(20))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(answer.payload)) as? [String: Any])
        #expect(json["actionIdentifier"] as? String == "REJECT")
        #expect(json["apnsId"] as? String == "deploy-1")
        await provider.stop()
    }

    @Test func aBrokerOffThisMachineWithoutTLSIsRefusedAtStartSayingWhy() async throws {
        let bus = try PrivateBus()
        let file = bus.directory.appending(path: "config.toml")
        try "[push]\nbroker = \"mqtt://broker.example:1883\"\n".write(to: file, atomically: true, encoding: .utf8)
        let (daemon, _) = try ManagedProcess.start(
            DaemonProcess.binary, ["--config", file.path, "--state-dir", bus.directory.appending(path: "state").path],
            environment: bus.environment)
        defer { daemon.stop() }
        let status = try await daemon.exitStatus(within: .seconds(10))
        #expect(status == 1)
        #expect(daemon.log.contains("push.broker: mqtt://broker.example:1883 is not on this machine and not TLS"), "\(daemon.log)")
        #expect(daemon.log.contains("allowInsecure = true"))
    }

    @Test func aFloodFromTheBrokerIsRefusedByTheLimitAndReportedWhileLocalAppsPostOn() async throws {
        let broker = try await Mosquitto()
        let desktop = try await Desktop(broker: broker, device: "desk-flood", extra: "[limits]\npostsPerSecond = 2")
        let token = try await desktop.token()
        let provider = try MQTTProbe(broker.url, id: "provider", subscriptions: [token + "/errors"])
        try await provider.connected()
        for index in 0..<6 {
            try await provider.publish(token, Self.payload("Flood \(index)"), properties: Self.headers(id: "flood-\(index)"))
        }
        var refused: [String] = []
        while refused.count < 3 {
            let report = try await provider.message()
            let json = try #require(try JSONSerialization.jsonObject(with: Data(report.payload)) as? [String: String])
            #expect(json["error"] == "io.github.usernoted.Error.LimitExceeded", "\(json)")
            #expect(json["message"]?.contains("postsPerSecond") == true)
            refused.append(json["apnsId"] ?? "")
        }
        #expect(Set(refused).isSubset(of: Set((0..<6).map { "flood-\($0)" })))
        // The limit is the pushed app's: another app on the desktop posts at once.
        _ = try await desktop.center.call("Post", [.string("org.example.Local"), .string(""), .string("Local"), .string("still here")])
        var summaries: [String] = []
        while !summaries.contains("Local") { summaries.append(try await desktop.nextNew("the local post").summary) }
        #expect(summaries.filter { $0.hasPrefix("Flood") }.count <= 3)
        await provider.stop()
    }

    @Test func aReloadAppliesNewPushSettings() async throws {
        let broker = try await Mosquitto()
        let desktop = try await Desktop(broker: broker, device: "before")
        #expect(try await desktop.token().contains("/devices/before/"))
        try "[push]\nbroker = \"\(broker.url)\"\ndevice = \"after\"\nuser = \"alice\"\n".write(to: desktop.config, atomically: true, encoding: .utf8)
        kill(desktop.daemon.process.pid, SIGHUP)
        try await desktop.daemon.process.waitForLog(containing: "push: new settings applied")
        let token = try await desktop.token()
        #expect(token == "usernoted/v1/devices/after/apps/\(Self.app)")
        try await desktop.daemon.process.waitForLog(containing: "device=after")
        let provider = try MQTTProbe(broker.url, id: "provider")
        try await provider.connected()
        // Subscribed once the new session logs it a second time.
        _ = try await withDeadline(.seconds(10), "the new session's subscription") {
            while Self.occurrences(of: "push: subscribed", in: desktop.daemon.process.log) < 2 { try await Task.sleep(for: .milliseconds(20)) }
            return true
        }
        try await provider.publish(token, Self.payload("To the new device"), properties: Self.headers(id: "after-1"))
        #expect(try await desktop.nextNew("the push to the new device").summary == "To the new device")

        try "".write(to: desktop.config, atomically: true, encoding: .utf8)
        kill(desktop.daemon.process.pid, SIGHUP)
        try await desktop.daemon.process.waitForLog(containing: "push: turned off")
        await #expect { try await desktop.token() } throws: { ($0 as? DBusError)?.name.rawValue == "io.github.usernoted.Error.NoBroker" }
        await provider.stop()
    }

    @Test func aTLSBrokerIsVerifiedWithTheConfiguredCA() async throws {
        let certificates = try TestCertificates()
        let broker = try await Mosquitto(tls: certificates)
        let url = try #require(broker.tlsURL)
        let desktop = try await Desktop(broker: broker, url: url, device: "desk-tls", extra: "caFile = \"\(certificates.caFile)\"")
        let provider = try MQTTProbe(url, id: "provider") { $0.caFile = certificates.caFile }
        try await provider.connected()
        try await provider.publish(try await desktop.token(), Self.payload("Over TLS"), properties: Self.headers(id: "tls-1"))
        #expect(try await desktop.nextNew("the push over TLS").summary == "Over TLS")

        // A CA that did not sign the broker's certificate: no connection, and the log says why.
        let bus = try PrivateBus()
        let config = bus.directory.appending(path: "config.toml")
        try "[push]\nbroker = \"\(url)\"\ncaFile = \"\(certificates.otherCAFile)\"\n".write(to: config, atomically: true, encoding: .utf8)
        let refused = try await DaemonProcess(bus: bus, arguments: ["--config", config.path])
        defer { refused.stop() }
        try await refused.process.waitForLog(containing: "push: broker not connected")
        #expect(!refused.process.log.contains("push: connected"))
    }

    /// Idle with push on, only the loop (the daemon's main thread) wakes: the keepalive timer
    /// (a third of the keepalive apart) and the broker's PINGRESP.
    @Test func anIdleDaemonWithPushOnWakesOnlyForTheKeepalive() async throws {
        let broker = try await Mosquitto()
        let desktop = try await Desktop(broker: broker, device: "desk-idle", keepAliveSeconds: 6)
        // libdispatch lets a thread go after 5 s without work; the connect thread is long gone.
        try await Task.sleep(for: .seconds(6))
        let before = try ProcessProbe.threads(of: desktop.daemon.process.pid)
        try await Task.sleep(for: .seconds(12))
        let woke = ProcessProbe.wakeups(from: before, to: try ProcessProbe.threads(of: desktop.daemon.process.pid))
        let total = woke.map(\.count).reduce(0, +)
        let main = Int(desktop.daemon.process.pid)
        #expect(woke.allSatisfy { $0.thread == main }, "threads that woke: \(woke.map { "\($0.name)[\($0.thread)] ×\($0.count)" }), main \(main)")
        // Per 6 s: 3 timer ticks, a PINGREQ written and its PINGRESP read; 12 s: at most 2 × 5, and some slack.
        #expect(total <= 12, "wakeups in 12 s: \(total)")
        print("push on, idle, keepAliveSeconds = 6: \(total) wakeups in 12 s (\(woke.map { "\($0.name) ×\($0.count)" }))")
    }

    @Test func theTokenIsANamedErrorWhilePushIsOff() async throws {
        let bus = try PrivateBus()
        let daemon = try await DaemonProcess(bus: bus)
        defer { daemon.stop() }
        let center = Proxy.usernotedCenter(on: try await bus.connect())
        await #expect { try await center.call("GetPushToken", [.string(Self.app)]) } throws: {
            ($0 as? DBusError)?.name.rawValue == "io.github.usernoted.Error.NoBroker"
        }
    }
}
