import DBus
import Foundation
import Testing
import TestSupport
import UsernotedAPI

/// `usernotectl wait` and `monitor` as subscribers: they keep their subscription across a
/// restart of usernoted, and take responses from usernoted only.
@Suite(.serialized) struct UsernotectlResponsesTests {
    static let app = Scene.appID
    let cli = UsernotectlTests()

    @Test func monitorSubscribesAgainWhenUsernotedRestarts() async throws {
        let scene = try await Scene(registerHandler: false)
        let (monitor, output) = try cli.start(scene, "monitor", "--app", Self.app, "--count", "2")
        defer { try? FileManager.default.removeItem(at: output) }
        try await monitor.waitForLog(containing: "monitoring responses of \(Self.app)")
        try await scene.postMeeting("invite")
        try await scene.expectDisplayed(1)
        try scene.desktop.pick("ACCEPT_ACTION")
        try await waitUntil("monitor printing the first response") { (try? cli.lines(of: output).count) == 1 }

        // A new usernoted knows no subscription: monitor subscribes again when it owns the name.
        scene.daemon.stop()
        let restarted = try await DaemonProcess(bus: scene.bus, environment: scene.desktop.environment)
        defer { restarted.stop() }
        try await monitor.waitForLog(containing: "usernoted started; subscribed to its responses")
        try await scene.postMeeting("lunch", category: "REMINDER")
        try await scene.expectDisplayed(2)
        try scene.desktop.pick("SNOOZE_ACTION")
        #expect(try await monitor.exitStatus() == 0, "\(monitor.log)")
        let lines = try cli.lines(of: output)
        #expect(lines.map { $0.split(separator: "\t").map(String.init) } == [
            [Self.app, "invite", "ACCEPT_ACTION"], [Self.app, "lunch", "SNOOZE_ACTION"],
        ])
    }

    @Test func waitIgnoresAResponseSignalFromAnotherPeer() async throws {
        let scene = try await Scene(registerHandler: false)
        let (wait, output) = try cli.start(scene, "wait", "--app", Self.app, "--request", "invite", "--timeout", "30s")
        defer { try? FileManager.default.removeItem(at: output) }
        try await wait.waitForLog(containing: "waiting for a response of \(Self.app) to invite")
        try await scene.postMeeting("invite")
        try await scene.expectDisplayed(1)

        // Another program sends a forged Response to every connection on the bus, then pings
        // each: once answered, the forged signal is in that connection's hands.
        let forger = try await scene.bus.connect()
        let names = try await forger.call(destination: Bus.name, path: Bus.path, interface: Bus.interface, method: "ListNames")
        let unique = (names.first?.as([String].self) ?? []).filter { $0.hasPrefix(":") && $0 != forger.uniqueName }
        #expect(unique.count >= 3, "usernoted, dunst, the test and usernotectl: \(unique)")
        for name in unique {
            try forger.emit(
                Center1.response, path: Center1.path, interface: Center1.interface,
                Self.app, "invite", "ACCEPT_ACTION", "", "{}", destination: name)
        }
        for name in unique {
            _ = try? await forger.call(destination: name, path: "/", interface: "org.freedesktop.DBus.Peer", method: "Ping", timeout: .seconds(2))
        }
        #expect(wait.isRunning, "the forged response did not end the wait: \(wait.log)")

        try scene.desktop.pick("DECLINE_ACTION")
        #expect(try await wait.exitStatus() == 0, "\(wait.log)")
        #expect(try String(contentsOf: output, encoding: .utf8) == "DECLINE_ACTION\n")
    }
}
