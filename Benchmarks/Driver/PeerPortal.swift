/// `peer-portal-post` and `peer-portal-action`: usernoted against xdg-desktop-portal's
/// Notification portal (``PortalPeer``), from the same client (bench-raw-client) to the same
/// fake server on the same bus, in alternating rounds.
enum PeerPortal {
    /// A synchronous `Post` against a synchronous `AddNotification` (title, body and a default
    /// action), round trip as the app sees it; the note adds the time from the send to `Notify`
    /// at the server, since the portal answers before it forwards.
    static func post(_ rig: Rig, _ scale: Scale) async throws -> Figure {
        // Warm-up: the portal looks up each new caller's app id (its /proc entry) once.
        _ = try rig.rawClient(["latency", "portal", "20"])
        _ = try rig.rawClient(["latency", "post", Rig.app, "20"])
        let calls = [["portal"], ["post", Rig.app]]
        let times = try PostLatency.roundTrips(rig, scale, of: calls)
        let screen = try await PostScreen.oneWay(rig, scale, of: calls).map(Samples.init)
        let (o, p) = (Samples(times[1]), Samples(times[0]))
        return Figure(
            key: "peer-portal-post", measure: "Post vs portal AddNotification, median", ours: o.median / 1000,
            baseline: p.median / 1000, unit: "µs", budget: .atMost(0.5),
            note: "\(times[1].count) calls each; p99 ours \((o.percentile(99) / 1000).formatted) µs, portal \((p.percentile(99) / 1000).formatted) µs; "
                + "to Notify at the server, median: ours \((screen[1].median / 1000).formatted) µs, portal \((screen[0].median / 1000).formatted) µs")
    }

    /// The fake server's `ActionInvoked` until the app hears of it: our `Handler1.DidReceive`
    /// against the portal's `ActionInvoked` signal.
    static func action(_ rig: Rig, _ scale: Scale) throws -> Figure {
        let directory = try rig.directory("peer-portal-action")
        let (ourLog, portalLog) = (directory.appending(path: "handler.log"), directory.appending(path: "portal.log"))
        let perRound = max(1, scale.actions / scale.rounds)
        // Titles of their own: P3's are bench-0 … and stay in the server's log.
        let first = 1_000_000
        for round in 0..<scale.rounds {
            _ = try rig.rawClient(["portal-actions", "\(perRound)", portalLog.path, "\(round * perRound)"])
            _ = try rig.rawClient(["actions", Rig.handledApp, "\(perRound)", ourLog.path, "\(first + round * perRound)"])
        }
        let expected = perRound * scale.rounds
        let ours = Samples(try ActionRouting.delays(sentIn: rig.serverLog, heardIn: ourLog, expected: expected))
        let portal = Samples(try ActionRouting.delays(sentIn: rig.serverLog, heardIn: portalLog, expected: expected))
        return Figure(
            key: "peer-portal-action", measure: "ActionInvoked → app: DidReceive vs portal signal, median",
            ours: ours.median / 1000, baseline: portal.median / 1000, unit: "µs", budget: .atMost(0.7),
            note: "\(expected) actions each in \(scale.rounds) alternating rounds; p99 ours \((ours.percentile(99) / 1000).formatted) µs, portal \((portal.percentile(99) / 1000).formatted) µs")
    }
}
