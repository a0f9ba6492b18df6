import DBus
import Foundation
import TestSupport
import UserNotificationsCore

extension Drill {
    /// D2: requests scheduled, notifications on screen, responses waiting for a handler that
    /// is away; the daemon is killed (SIGKILL) and started again. Nothing scheduled is lost,
    /// each waiting response arrives once when the handler comes back, and the buttons of
    /// what is on screen still route. The fake server (10 000 requests is a lot of clicking).
    static let daemonCrash = Drill(id: "D2", title: "daemon crash") { scale in
        try await DaemonCrash(
            pending: scale.pick(10_000, short: 1_000), onScreen: scale.pick(100, short: 20),
            waiting: scale.pick(50, short: 10)
        ).run()
    }
}

struct DaemonCrash {
    static let app = "org.example.Drills.Crash"
    let pending: Int
    let onScreen: Int
    let waiting: Int

    func run() async throws -> Outcome {
        let rig = try await Rig(server: .fake)
        let server = rig.fake!
        try await rig.call("SetCategories", .string(Self.app), .string(DrillApps.categories))
        // The app registers its handler under its app id, then quits: the handler is away.
        try await rig.handler(for: Self.app, disposition: "keep").quit()

        try await pipelined(pending, window: 32) { index in
            try await rig.call("Add", .string(Self.app), .string(DrillApps.scheduled("pending-\(index)")))
        }
        for index in 0..<onScreen {
            try await rig.call("Add", .string(Self.app), .string(DrillApps.meeting("shown-\(index)")))
        }
        var shown: [ReceivedNotification] = []
        for _ in 0..<onScreen { shown.append(try await server.notifyCalls.next(within: .seconds(10), "Notify")) }

        // The user declines `waiting` of them; the responses wait in the outbox (the Response
        // signal says each is recorded).
        let responses = try await rig.center.subscribeToResponses(of: Self.app)
        for notification in shown.prefix(waiting) {
            try await server.emitActionInvoked(id: notification.id, key: "DECLINE_ACTION")
        }
        let waiting = waiting
        _ = try await withDeadline(.seconds(10), "\(waiting) Response signals") {
            var announced = 0
            for await _ in responses {
                announced += 1
                if announced == waiting { return true }
            }
            return false
        }

        try await rig.crashAndRestart()

        let kept = try ModelJSON.decodeRequests(try await rig.call("GetPending", .string(Self.app)) ?? "")
            .filter { $0.identifier.hasPrefix("pending-") }.count
        // The new daemon takes over what is on screen (Notify with replaces_id) …
        var takenOver = 0
        while takenOver < onScreen, (try? await server.notifyCalls.next(within: .seconds(10), "Notify again")) != nil {
            takenOver += 1
        }
        // … and the app comes back: what waited arrives, once.
        let handler = try await Tally.owning(Self.app, on: rig.bus, disposition: "keep")
        _ = await handler.next(waiting, within: .seconds(30))
        _ = await handler.extras(within: .seconds(2))
        let declined = handler.requests(answered: "DECLINE_ACTION").count
        let twice = handler.duplicates

        // Every notification on screen still routes its buttons to the app.
        for notification in await server.displayed {
            try await server.emitActionInvoked(id: notification.id, key: "ACCEPT_ACTION")
        }
        _ = await handler.next(onScreen, within: .seconds(30))
        let routed = handler.requests(answered: "ACCEPT_ACTION").count

        return Outcome(
            "pending \(kept)/\(pending) kept, responses \(declined)/\(waiting) delivered \(twice) twice, actions on \(routed)/\(onScreen) on screen routed (SIGKILL; fake server)",
            goals: [("no pending lost", kept == pending), ("every waiting response delivered", declined == waiting),
                    ("none twice", twice == 0), ("every action routed", routed == onScreen),
                    ("all taken over", takenOver == onScreen)])
    }
}
