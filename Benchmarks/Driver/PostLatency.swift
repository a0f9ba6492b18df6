/// P1: a synchronous `Post` through usernoted to the fake server, against a raw libdbus
/// synchronous `Notify` to the same server; both from bench-raw-client, in alternating rounds.
enum PostLatency {
    static func measure(_ rig: Rig, _ scale: Scale) throws -> Figure {
        // Warm-up: the daemon's first post opens the store's write path, the server's first call pages it in.
        _ = try rig.rawClient(["latency", "notify", "20"])
        _ = try rig.rawClient(["latency", "post", Rig.app, "20"])
        let times = try roundTrips(rig, scale, of: [["notify"], ["post", Rig.app]])
        let (o, r) = (Samples(times[1]), Samples(times[0]))
        return Figure(
            key: "P1", measure: "Post latency, median", ours: o.median / 1000, baseline: r.median / 1000, unit: "µs",
            budget: .atMost(2.2),
            note: "\(times[1].count) calls each; p99 ours \((o.percentile(99) / 1000).formatted) µs, raw \((r.percentile(99) / 1000).formatted) µs")
    }

    /// The round trips in nanoseconds of each of `calls` (bench-raw-client `latency` arguments
    /// without the count), run in alternating rounds so that all see the same machine.
    static func roundTrips(_ rig: Rig, _ scale: Scale, of calls: [[String]]) throws -> [[Double]] {
        let perRound = max(1, scale.latencyCalls / scale.rounds)
        var times = calls.map { _ in [Double]() }
        for _ in 0..<scale.rounds {
            for (index, call) in calls.enumerated() {
                times[index] += try rig.rawClient(["latency"] + call + ["\(perRound)"]).compactMap { Double($0) }
            }
        }
        return times
    }
}
