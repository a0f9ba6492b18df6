/// P1: a synchronous `Post` through usernoted to the fake server, against a raw libdbus
/// synchronous `Notify` to the same server; both from bench-raw-client, in alternating rounds.
enum PostLatency {
    static func measure(_ rig: Rig, _ scale: Scale) throws -> Figure {
        let perRound = max(1, scale.latencyCalls / scale.rounds)
        // Warm-up: the daemon's first post opens the store's write path, the server's first call pages it in.
        _ = try rig.rawClient(["latency", "notify", "20"])
        _ = try rig.rawClient(["latency", "post", Rig.app, "20"])
        var raw: [Double] = []
        var ours: [Double] = []
        for _ in 0..<scale.rounds {
            raw += try rig.rawClient(["latency", "notify", "\(perRound)"]).compactMap { Double($0) }
            ours += try rig.rawClient(["latency", "post", Rig.app, "\(perRound)"]).compactMap { Double($0) }
        }
        let (o, r) = (Samples(ours), Samples(raw))
        return Figure(
            key: "P1", measure: "Post latency, median", ours: o.median / 1000, baseline: r.median / 1000, unit: "µs",
            budget: .atMost(2.2),
            note: "\(ours.count) calls each; p99 ours \((o.percentile(99) / 1000).formatted) µs, raw \((r.percentile(99) / 1000).formatted) µs")
    }
}
