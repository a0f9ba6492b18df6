import Foundation
import Testing
import TestSupport

/// `usernotectl push token` on the desktop, and `usernotectl remote send|responses` on the
/// server's side: a shell script asks "Deploy?" and waits for the answer.
@Suite(.serialized) struct UsernotectlRemoteTests {
    static let binary = DaemonProcess.productsDirectory.appending(path: "usernotectl").path

    @Test func aScriptSendsAPushAndReadsTheAnswer() async throws {
        let broker = try await Mosquitto()
        let desktop = try await PushTests.Desktop(broker: broker, device: "desk-ctl")
        let token = try Command.run(Self.binary, ["push", "token", "--app", PushTests.app], environment: desktop.bus.environment)
        #expect(token.status == 0, "\(token.errors)")
        #expect(token.output == "usernoted/v1/devices/desk-ctl/apps/\(PushTests.app)\n")

        // Waiting for the answer first (subscribed, so that it cannot be missed), then asking.
        let answers = Task {
            try await Command.runInBackground(Self.binary, [
                "remote", "responses", "--broker", broker.url, "--app", PushTests.app, "--for", "deploy-7",
                "--wait-for", "1", "--timeout", "20s"])
        }
        try await broker.waitForSubscription(to: "usernoted/v1/devices/+/apps/\(PushTests.app)/responses")
        let sent = try await Command.runInBackground(Self.binary, [
            "remote", "send", "--broker", broker.url, "--device", "desk-ctl", "--app", PushTests.app, "--id", "deploy-7",
            "--collapse-id", "deploy", PushTests.payload("Deploy build 7?")])
        #expect(sent.status == 0, "\(sent.errors)")
        #expect(sent.output == "deploy-7\n")
        let shown = try await desktop.nextNew("the push")
        #expect(shown.summary == "Deploy build 7?")
        try await desktop.server.emitActionInvoked(id: shown.id, key: "APPROVE")
        let answer = try await answers.value
        #expect(answer.status == 0, "\(answer.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(answer.output.utf8)) as? [String: Any])
        #expect(json["actionIdentifier"] as? String == "APPROVE")
        #expect(json["requestId"] as? String == "deploy", "the collapse id is the request identifier")
    }

    @Test func waitingWithNoAnswerEndsWith124AndAnUnreachableBrokerWith1() async throws {
        let broker = try await Mosquitto()
        let none = try await Command.runInBackground(Self.binary, [
            "remote", "responses", "--broker", broker.url, "--app", PushTests.app, "--wait-for", "1", "--timeout", "300ms"])
        #expect(none.status == 124, "\(none.errors)")
        #expect(none.errors.contains("0 of 1 answers within 300ms"))
        let port = try Mosquitto.freePort()
        let unreachable = try await Command.runInBackground(Self.binary, [
            "remote", "send", "--broker", "mqtt://127.0.0.1:\(port)", "--user", "alice", "--app", PushTests.app, "{}"])
        #expect(unreachable.status == 1)
        #expect(unreachable.errors.contains("usernotectl: cannot reach mqtt://127.0.0.1:\(port)"), "\(unreachable.errors)")
        let both = try await Command.runInBackground(Self.binary, [
            "remote", "send", "--broker", broker.url, "--user", "alice", "--device", "d", "--app", PushTests.app, "{}"])
        #expect(both.status == 64)
    }
}
