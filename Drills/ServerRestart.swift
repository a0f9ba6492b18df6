import Foundation
import TestSupport

extension Drill {
    /// D1: notifications on screen in dunst; dunst is killed (SIGKILL) and started again. The
    /// daemon shows them again, and a button on each still reaches the app's handler — picked
    /// one after another from dunst's own context menu, as a user would.
    static let serverRestart = Drill(id: "D1", title: "server restart") { scale in
        try await ServerRestart(count: scale.pick(100, short: 10)).run()
    }
}

struct ServerRestart {
    static let app = "org.example.Drills.Calendar"
    let count: Int

    func run() async throws -> Outcome {
        let rig = try await Rig(server: .dunst)
        let desktop = rig.desktop!
        try await rig.call("SetCategories", .string(Self.app), .string(DrillApps.categories))
        let handler = try await rig.handler(for: Self.app)
        for index in 0..<count {
            try await rig.call("Add", .string(Self.app), .string(DrillApps.meeting("invite-\(index)")))
        }
        guard await displayed(count, on: desktop) == count else {
            return Outcome("dunst did not show the \(count) notifications posted", goals: [("setup", false)])
        }

        desktop.stopServer(signal: SIGKILL)
        try await desktop.startServer()
        let shown = await displayed(count, on: desktop, within: .seconds(30))

        // The user picks Accept on the notifications one by one; each answered one closes.
        for remaining in stride(from: shown, to: 0, by: -1) {
            try desktop.pick("ACCEPT_ACTION")
            guard !(await handler.next(1, within: .seconds(10))).isEmpty else { break }
            _ = await displayed(remaining - 1, on: desktop)
        }
        let routed = handler.requests(answered: "ACCEPT_ACTION").count
        return Outcome(
            "\(shown)/\(count) shown again, an action on \(routed)/\(count) reaches the handler (dunst killed with SIGKILL and started again)",
            goals: [("all shown again", shown == count), ("every action routed", routed == count),
                    ("no response twice", handler.duplicates == 0)])
    }

    /// Waits until dunst shows `count` notifications; returns how many it shows then (or at the deadline).
    private func displayed(_ count: Int, on desktop: TestDesktop, within timeout: Duration = .seconds(10)) async -> Int {
        let deadline = ContinuousClock.now + timeout
        var now = (try? desktop.displayedCount()) ?? -1
        while now != count, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))  // dunst tells nobody when it redraws; ask it
            now = (try? desktop.displayedCount()) ?? -1
        }
        return now
    }
}
