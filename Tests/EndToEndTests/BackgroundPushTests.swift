import DBus
import Foundation
import MQTT
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Background pushes (`content-available` without an alert): the built daemon, a fake
/// notification server, a real mosquitto, and an exec handler that records what it gets.
@Suite(.serialized) struct BackgroundPushTests {
    typealias Desktop = PushTests.Desktop
    static let app = PushTests.app

    static func background(_ id: String) -> String { #"{"aps": {"content-available": 1}, "sync": "inbox", "id": "\#(id)"}"# }

    /// Sets an exec handler that appends `action request userInfo` per delivery; returns the file it writes.
    static func recordingHandler(_ desktop: Desktop) async throws -> String {
        let log = desktop.bus.directory.appending(path: "deliveries").path
        let script = try writeScript(
            desktop.bus.directory.appending(path: "on-response").path,
            #"echo "$USERNOTED_ACTION $USERNOTED_REQUEST_ID $USERNOTED_USER_INFO" >> '\#(log)'"#)
        _ = try await desktop.center.call("SetExecHandler", [.string(app), [script].dbusValue])
        return log
    }

    static func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    @Test func aBackgroundPushRunsTheHandlerWithItsKeysAndShowsNothing() async throws {
        let broker = try await Mosquitto()
        let desktop = try await Desktop(broker: broker, device: "bg1")
        let log = try await Self.recordingHandler(desktop)
        let token = try await desktop.token()
        let provider = try MQTTProbe(broker.url, id: "provider", subscriptions: [token + "/responses"])
        try await provider.connected()
        try await provider.publish(token, Self.background("1"), properties: PushTests.headers(id: "bg-1"))
        // apns-push-type background with neither alert nor content-available is one too.
        try await provider.publish(
            token, #"{"aps": {}, "sync": "outbox"}"#,
            properties: PushTests.headers(id: "bg-2") + [UserProperty("apns-push-type", "background")])
        let delivered = try await fileText(at: log, "both background pushes") { Self.lines($0).count == 2 }
        #expect(Self.lines(delivered) == [
            #"background bg-1 {"id":"1","sync":"inbox"}"#, #"background bg-2 {"sync":"outbox"}"#,
        ])
        let daemon = desktop.daemon.process
        _ = try await withDeadline(.seconds(10), "the daemon's log of both") {
            while PushTests.occurrences(of: "push: delivered to the app's handler (background)", in: daemon.log) < 2 {
                try await Task.sleep(for: .milliseconds(20))
            }
            return true
        }
        // Nothing was shown: the next Notify is the marker's.
        try await provider.publish(token, PushTests.payload("Marker"), properties: PushTests.headers(id: "marker"))
        let marker = try await desktop.nextNew("the marker")
        #expect(marker.summary == "Marker")
        // The same apns-id again: not delivered again.
        try await provider.publish(token, Self.background("1"), properties: PushTests.headers(id: "bg-1"))
        try await desktop.daemon.process.waitForLog(containing: "push: already shown")
        #expect(Self.lines(try String(contentsOfFile: log, encoding: .utf8)).count == 2)
        // A background push is not an answer: nothing went to …/responses (the first message there would be it).
        try await desktop.server.emitActionInvoked(id: marker.id, key: "APPROVE")
        let answer = try await provider.message()
        #expect((try JSONSerialization.jsonObject(with: Data(answer.payload)) as? [String: Any])?["actionIdentifier"] as? String == "APPROVE")
        await provider.stop()
    }

    @Test func twentyPushesInAMinuteWithABudgetOfFiveDeliverFiveAndTheNewest() async throws {
        let broker = try await Mosquitto()
        // 720 times real time: the scheduler's hour passes in 5 s.
        let desktop = try await Desktop(
            broker: broker, device: "bg2", extra: "[delivery]\nbackgroundPushesPerHour = 5", arguments: ["--clock-rate", "720"])
        let log = try await Self.recordingHandler(desktop)
        let token = try await desktop.token()
        let provider = try MQTTProbe(broker.url, id: "provider")
        try await provider.connected()
        for index in 0..<20 {
            try await provider.publish(token, Self.background("\(index)"), properties: PushTests.headers(id: "bg-\(index)"))
        }
        let first = try await fileText(at: log, "the first five") { Self.lines($0).count >= 5 }
        #expect(Self.lines(first).map { $0.split(separator: " ")[1] } == ["bg-0", "bg-1", "bg-2", "bg-3", "bg-4"])
        try await desktop.daemon.process.waitForLog(containing: "background push: coalesced")
        // The hour allows one more: the newest of the fifteen held back, alone.
        let sixth = try await fileText(at: log, within: .seconds(20), "the coalesced newest") { Self.lines($0).count >= 6 }
        #expect(Self.lines(sixth).last == #"background bg-19 {"id":"19","sync":"inbox"}"#)
        // Nothing else of the fifteen comes: the next push, within the budget now, is the seventh delivery.
        try await provider.publish(token, Self.background("last"), properties: PushTests.headers(id: "bg-last"))
        let seventh = try await fileText(at: log, "the next push") { Self.lines($0).count >= 7 }
        #expect(Self.lines(seventh).count == 7 && Self.lines(seventh).last?.hasPrefix("background bg-last ") == true)
        #expect(desktop.server.notifyCalls.pending.isEmpty, "nothing was shown")
        await provider.stop()
    }

    @Test func aBackgroundPostPayloadIsInTheOutboxWhenItIsAnswered() async throws {
        let broker = try await Mosquitto()
        var desktop = try await Desktop(broker: broker, device: "bg3")
        // No handler yet: the push waits in the outbox. Killed right after the reply, the daemon has it.
        let reply = try await desktop.center.call("PostPayload", [.string(Self.app), .string(Self.background("killed"))])
        let id = try #require(reply.first?.as(String.self))
        kill(desktop.daemon.process.pid, SIGKILL)
        _ = desktop.daemon.process.wait()
        try await desktop.restart()
        let log = try await Self.recordingHandler(desktop)
        let delivered = try await fileText(at: log, "the background push after the restart") { !$0.isEmpty }
        #expect(Self.lines(delivered) == [#"background \#(id) {"id":"killed","sync":"inbox"}"#])
    }
}
