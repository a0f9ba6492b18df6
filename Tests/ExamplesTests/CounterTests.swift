import DBus
import Foundation
import Testing
import TestSupport

/// Examples/Counter against usernoted and dunst, with usernoted's test clock running 60 times
/// as fast (`--clock-rate 60`), so its every-minute notification comes every real second: each
/// repeat shows the value the user set with the previous one's buttons.
@Suite(.serialized) struct CounterTests {
    static let running = "a notification every minute"
    static let appID = "io.github.usernoted.app.Counter"

    func counterFile(_ scene: ExampleScene) -> URL { scene.dataDirectory("Counter").appending(path: "counter") }

    func storedValue(_ scene: ExampleScene) throws -> String {
        try String(contentsOf: counterFile(scene), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits for the next counter notification from entry `start` of what dunst showed that says `value`.
    @discardableResult
    func nextCounter(_ scene: ExampleScene, from start: Int, saying value: Int) async throws -> (index: Int, notification: ShownNotification) {
        try await scene.desktop.waitUntilShown(from: start, "the counter showing \(value)") {
            $0.summary == "Counter" && $0.body == "Hey! Update your counter ;) It is \(value)."
        }
    }

    @Test func twoRepeatsShowTheValueTheUserSetInBetween() async throws {
        let scene = try await ExampleScene(daemonArguments: ["--clock-rate", "60"])
        let app = try await scene.launch("Counter", readyWhen: Self.running)

        // The first repeat shows 0, with the three buttons; the user picks Add +1.
        let (first, shown) = try await nextCounter(scene, from: 0, saying: 0)
        let menu = try await scene.desktop.openMenu(choosing: "INCREMENT_ACTION", of: shown.id)
        #expect(menu.buttons(of: shown.id) == ["Add +1", "Reset", "Sub -1"])
        try await app.waitForLog(containing: "Counter is 1")
        #expect(try storedValue(scene) == "1")

        // The next repeat shows 1, and it keeps repeating every 60 s.
        try await nextCounter(scene, from: first + 1, saying: 1)
        let pending = try #require(try await scene.center().call("GetPending", [.string(Self.appID)]).first?.as(String.self))
        #expect(pending.contains(#""timeInterval":60"#) && pending.contains(#""repeats":true"#), "\(pending)")
    }

    @Test func subtractAndResetFromAValueKeptByAnEarlierRun() async throws {
        let scene = try await ExampleScene(daemonArguments: ["--clock-rate", "60"])
        try FileManager.default.createDirectory(at: scene.dataDirectory("Counter"), withIntermediateDirectories: true)
        try "5\n".write(to: counterFile(scene), atomically: true, encoding: .utf8)
        let app = try await scene.launch("Counter", readyWhen: Self.running)

        let (five, atFive) = try await nextCounter(scene, from: 0, saying: 5)
        try await scene.desktop.openMenu(choosing: "DECREMENT_ACTION", of: atFive.id)
        try await app.waitForLog(containing: "Counter is 4")
        let (four, atFour) = try await nextCounter(scene, from: five + 1, saying: 4)
        try await scene.desktop.openMenu(choosing: "RESET_ACTION", of: atFour.id)
        try await app.waitForLog(containing: "Counter is 0")
        try await nextCounter(scene, from: four + 1, saying: 0)
        #expect(try storedValue(scene) == "0")
    }

    @Test func stopRemovesTheRepeatingNotification() async throws {
        let scene = try await ExampleScene()
        let app = try await scene.launch("Counter", readyWhen: Self.running)
        app.stop()
        let stopped = try scene.run("Counter", ["stop"])
        #expect(stopped.succeeded, "Counter stop: \(stopped.errors)")
        #expect(try await scene.center().call("GetPending", [.string(Self.appID)]).first?.as(String.self) == "[]")
    }
}
