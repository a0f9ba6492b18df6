import Foundation
import TestSupport

/// `portal-backend-post` and `portal-backend-action`: what a Flatpak app pays on top of an
/// app of usernoted's own. Debian's xdg-desktop-portal on the rig's bus with usernoted as its
/// Notification backend against usernoted itself, from the same client to the same fake
/// server, in alternating rounds. Debian 12's xdg-desktop-portal 1.16 has no `portals.conf`:
/// it takes the backends whose `.portal` file's `UseIn` names the desktop, so the portal is
/// given a copy of the repository's `usernoted.portal` with `UseIn` naming this one alone.
enum PortalBackend {
    /// Starts the portal; returns it once it owns its name. usernoted must be running.
    static func start(_ rig: Rig) async throws -> ManagedProcess {
        let portals = try rig.directory("backend-portals")
        let file = try String(contentsOf: repositoryRoot.appending(path: "portal/usernoted.portal"), encoding: .utf8)
        try (file + "UseIn=usernoted-bench\n").write(to: portals.appending(path: "usernoted.portal"), atomically: true, encoding: .utf8)
        var environment = rig.bus.environment
        environment["XDG_DESKTOP_PORTAL_DIR"] = portals.path
        environment["XDG_CURRENT_DESKTOP"] = "usernoted-bench"
        return try await Rig.startOwning("org.freedesktop.portal.Desktop", on: rig.bus, PortalPeer.portal, [], environment: environment).process
    }

    /// `AddNotification` through the portal to usernoted against `Post`, round trip as the app
    /// sees it; the note adds the time from the send to `Notify` at the server.
    static func post(_ rig: Rig, _ scale: Scale) async throws -> Figure {
        _ = try rig.rawClient(["latency", "portal", "20"])
        let calls = [["portal"], ["post", Rig.app]]
        let times = try PostLatency.roundTrips(rig, scale, of: calls)
        let screen = try await PostScreen.oneWay(rig, scale, of: calls).map(Samples.init)
        let (portal, ours) = (Samples(times[0]), Samples(times[1]))
        return Figure(
            key: "portal-backend-post", measure: "portal AddNotification to usernoted vs Post, median", ours: portal.median / 1000,
            baseline: ours.median / 1000, unit: "µs", budget: .atMost(2),
            note: "\(times[0].count) calls each; p99 through the portal \((portal.percentile(99) / 1000).formatted) µs, Post \((ours.percentile(99) / 1000).formatted) µs; "
                + "to Notify at the server, median: through the portal \((screen[0].median / 1000).formatted) µs, Post \((screen[1].median / 1000).formatted) µs")
    }

    /// The fake server's `ActionInvoked` until the app hears of it: the portal's signal, sent on
    /// by usernoted, against `Handler1.DidReceive`.
    static func action(_ rig: Rig, _ scale: Scale) throws -> Figure {
        let directory = try rig.directory("portal-backend-action")
        let (portalLog, ourLog) = (directory.appending(path: "portal.log"), directory.appending(path: "handler.log"))
        let perRound = max(1, scale.actions / scale.rounds)
        // Titles of their own: P3's and peer-portal-action's stay in the server's log.
        let first = 2_000_000
        for round in 0..<scale.rounds {
            _ = try rig.rawClient(["portal-actions", "\(perRound)", portalLog.path, "\(first + round * perRound)"])
            _ = try rig.rawClient(["actions", Rig.handledApp, "\(perRound)", ourLog.path, "\(first + round * perRound)"])
        }
        let expected = perRound * scale.rounds
        let portal = Samples(try ActionRouting.delays(sentIn: rig.serverLog, heardIn: portalLog, expected: expected))
        let ours = Samples(try ActionRouting.delays(sentIn: rig.serverLog, heardIn: ourLog, expected: expected))
        return Figure(
            key: "portal-backend-action", measure: "ActionInvoked → app: portal signal via usernoted vs DidReceive, median",
            ours: portal.median / 1000, baseline: ours.median / 1000, unit: "µs", budget: .atMost(2),
            note: "\(expected) actions each in \(scale.rounds) alternating rounds; p99 through the portal \((portal.percentile(99) / 1000).formatted) µs, DidReceive \((ours.percentile(99) / 1000).formatted) µs")
    }
}
