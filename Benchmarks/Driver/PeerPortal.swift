import Foundation
import TestSupport

/// The rows that put usernoted beside xdg-desktop-portal's Notification portal, from the same
/// client (bench-raw-client) to the same fake server on the same bus, in alternating rounds:
/// `peer-portal-…` with the portal's GTK backend (``PortalPeer``: the path a Flatpak app takes
/// without usernoted, the baseline) and `portal-backend-…` with usernoted as its backend
/// (``PortalBackend``: what a Flatpak app pays on top of an app of usernoted's own, the figure).
enum PeerPortal {
    /// Which side of the comparison the portal running now is.
    enum Side { case baseline, figure }

    /// Runs `rows` beside the portal `start` starts (`frontend`: xdg-desktop-portal itself,
    /// `stop`: it and what it needs), and once more with a new one, at most twice, when it
    /// crashed meanwhile: Debian 12's xdg-desktop-portal 1.16 now and then dies of SIGSEGV in a
    /// pool thread, locking the mutex of a request that is NULL (the kernel logs `segfault at 40
    /// … in libglib` for its thread `pool-/usr/libex…`), with its GTK backend as with
    /// usernoted. A failure with the portal running, or a third crash, fails the rows, saying
    /// how the portal ended and what it wrote.
    static func rows<Portal>(
        starting start: () async throws -> Portal, frontend: (Portal) -> ManagedProcess, stop: (Portal) -> Void,
        _ rows: () async throws -> [Figure]
    ) async throws -> [Figure] {
        for attempt in 1... {
            let portal = try await start()
            defer { stop(portal) }
            do {
                return try await rows()
            } catch {
                let process = frontend(portal)
                guard let signal = process.endingSignal else { throw error }
                guard attempt < 3 else { throw BenchError("\(error); xdg-desktop-portal died of signal \(signal) (the third time), its log: \(process.log.suffix(3000))") }
                UsernotedBench.log("xdg-desktop-portal died of signal \(signal) during the rows (\(error)); they run again with a new one")
            }
        }
        fatalError("unreachable")
    }

    /// A synchronous `Post` against a synchronous `AddNotification` (title, body and a default
    /// action). Beside the GTK backend: the round trip as the app sees it, the note adding the
    /// time from the send to `Notify` at the server. With usernoted as the backend, that time
    /// is the figure, as the portal answers the app before it forwards.
    static func post(_ rig: Rig, _ scale: Scale, key: String, portal side: Side, budget: Budget) async throws -> Figure {
        // Warm-up: the portal looks up each new caller's app id (its /proc entry) once.
        _ = try rig.rawClient(["latency", "portal", "20"])
        _ = try rig.rawClient(["latency", "post", Rig.app, "20"])
        let calls = [["portal"], ["post", Rig.app]]
        let times = try PostLatency.roundTrips(rig, scale, of: calls)
        let screen = try await PostScreen.oneWay(rig, scale, of: calls).map(Samples.init)
        let (portal, post) = (Samples(times[0]), Samples(times[1]))
        let (ours, baseline) = side == .figure ? (screen[0], screen[1]) : (post, portal)
        return Figure(
            key: key, measure: side == .figure ? "AddNotification via usernoted vs Post, to Notify, median" : "Post vs portal AddNotification, median",
            ours: ours.median / 1000, baseline: baseline.median / 1000, unit: "µs", budget: budget,
            note: "\(times[1].count) calls each; round trip, median: Post \((post.median / 1000).formatted) µs, portal \((portal.median / 1000).formatted) µs; "
                + "p99: Post \((post.percentile(99) / 1000).formatted) µs, portal \((portal.percentile(99) / 1000).formatted) µs; "
                + "to Notify at the server, median: Post \((screen[1].median / 1000).formatted) µs, portal \((screen[0].median / 1000).formatted) µs")
    }

    /// The fake server's `ActionInvoked` until the app hears of it: `Handler1.DidReceive`
    /// against the portal's `ActionInvoked` signal. Titles from `first` on, so that each row's
    /// stay apart in the server's log.
    static func action(_ rig: Rig, _ scale: Scale, key: String, portal side: Side, first: Int, budget: Budget) throws -> Figure {
        let directory = try rig.directory(key)
        let (handlerLog, portalLog) = (directory.appending(path: "handler.log"), directory.appending(path: "portal.log"))
        for log in [handlerLog, portalLog] { try? FileManager.default.removeItem(at: log) }  // a run before a crash's
        let perRound = max(1, scale.actions / scale.rounds)
        for round in 0..<scale.rounds {
            _ = try rig.rawClient(["portal-actions", "\(perRound)", portalLog.path, "\(first + round * perRound)"])
            _ = try rig.rawClient(["actions", Rig.handledApp, "\(perRound)", handlerLog.path, "\(first + round * perRound)"])
        }
        let expected = perRound * scale.rounds
        let handler = Samples(try ActionRouting.delays(sentIn: rig.serverLog, heardIn: handlerLog, expected: expected))
        let portal = Samples(try ActionRouting.delays(sentIn: rig.serverLog, heardIn: portalLog, expected: expected))
        let (ours, baseline) = side == .figure ? (portal, handler) : (handler, portal)
        return Figure(
            key: key, measure: side == .figure ? "ActionInvoked → app: portal signal via usernoted vs DidReceive, median"
                : "ActionInvoked → app: DidReceive vs portal signal, median",
            ours: ours.median / 1000, baseline: baseline.median / 1000, unit: "µs", budget: budget,
            note: "\(expected) actions each in \(scale.rounds) alternating rounds; p99 DidReceive \((handler.percentile(99) / 1000).formatted) µs, portal \((portal.percentile(99) / 1000).formatted) µs")
    }
}
