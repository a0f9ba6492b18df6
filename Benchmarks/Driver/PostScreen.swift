/// P1-screen: from the app sending `Post` to its `Notify` arriving at the fake server, against
/// the same for a raw libdbus `Notify` (the client stamps the send, the server the arrival, both
/// on `CLOCK_MONOTONIC`); what the user sees, in alternating rounds.
enum PostScreen {
    static func measure(_ rig: Rig, _ scale: Scale) throws -> Figure {
        let perRound = max(1, scale.latencyCalls / scale.rounds)
        var sent: [(title: String, nanoseconds: Int64)] = []
        for _ in 0..<scale.rounds {
            sent += try rig.rawClient(["screen", "notify", "\(perRound)"]).compactMap(Self.entry)
            sent += try rig.rawClient(["screen", "post", Rig.app, "\(perRound)"]).compactMap(Self.entry)
        }
        // Every round numbers its calls from 0: the n-th call with a title arrived n-th with it.
        var arrivals = Dictionary(grouping: try rig.serverLogEntries("screen"), by: \.title).mapValues { $0.map(\.nanoseconds)[...] }
        func delays(_ kind: String) -> [Double] {
            sent.filter { $0.title.hasPrefix("screen-\(kind)-") }.compactMap { call in
                arrivals[call.title]?.popFirst().map { Double($0 - call.nanoseconds) }
            }
        }
        let (ours, raw) = (delays("post"), delays("notify"))
        guard ours.count == perRound * scale.rounds, raw.count == perRound * scale.rounds else {
            throw BenchError("P1-screen: \(ours.count) posts and \(raw.count) Notify calls of \(perRound * scale.rounds) each reached the server's log")
        }
        let (o, r) = (Samples(ours), Samples(raw))
        return Figure(
            key: "P1-screen", measure: "Post → Notify at the server, median", ours: o.median / 1000, baseline: r.median / 1000,
            unit: "µs", budget: .atMost(2.5),
            note: "\(ours.count) calls each; p99 ours \((o.percentile(99) / 1000).formatted) µs, raw \((r.percentile(99) / 1000).formatted) µs")
    }

    /// A `TITLE NANOSECONDS` line of bench-raw-client.
    private static func entry(_ line: Substring) -> (title: String, nanoseconds: Int64)? {
        let words = line.split(separator: " ")
        guard words.count == 2, let ns = Int64(words[1]) else { return nil }
        return (String(words[0]), ns)
    }
}
