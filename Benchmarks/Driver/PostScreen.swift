/// P1-screen: from the app sending `Post` to its `Notify` arriving at the fake server, against
/// the same for a raw libdbus `Notify` (the client stamps the send, the server the arrival, both
/// on `CLOCK_MONOTONIC`); what the user sees, in alternating rounds.
enum PostScreen {
    static func measure(_ rig: Rig, _ scale: Scale) async throws -> Figure {
        let delays = try await oneWay(rig, scale, of: [["notify"], ["post", Rig.app]])
        let (o, r) = (Samples(delays[1]), Samples(delays[0]))
        return Figure(
            key: "P1-screen", measure: "Post → Notify at the server, median", ours: o.median / 1000, baseline: r.median / 1000,
            unit: "µs", budget: .atMost(2.5),
            note: "\(delays[1].count) calls each; p99 ours \((o.percentile(99) / 1000).formatted) µs, raw \((r.percentile(99) / 1000).formatted) µs")
    }

    /// For each of `calls` (bench-raw-client `screen` arguments without the count: `notify`,
    /// `post APP`, `portal`), the nanoseconds from the client sending a call to its `Notify`
    /// arriving at the fake server, in alternating rounds.
    static func oneWay(_ rig: Rig, _ scale: Scale, of calls: [[String]]) async throws -> [[Double]] {
        let perRound = max(1, scale.latencyCalls / scale.rounds)
        var sent: [(title: String, nanoseconds: Int64)] = []
        for _ in 0..<scale.rounds {
            for call in calls { sent += try rig.rawClient(["screen"] + call + ["\(perRound)"]).compactMap(Self.entry) }
        }
        // Post and AddNotification may be answered before their Notify is sent: let the last one arrive.
        try await Task.sleep(for: .milliseconds(200))
        // Every round numbers its calls from 0, and earlier measures sent the same titles: a
        // call's arrival is the first one of its title after it was sent.
        var arrivals = Dictionary(grouping: try rig.serverLogEntries("screen"), by: \.title).mapValues { $0.map(\.nanoseconds)[...] }
        func arrival(_ title: String, after sending: Int64) -> Int64? {
            guard var times = arrivals[title] else { return nil }
            while let first = times.first, first < sending { times.removeFirst() }
            defer { arrivals[title] = times }
            return times.popFirst()
        }
        return try calls.map { call in
            let delays = sent.filter { $0.title.hasPrefix("screen-\(call[0])-") }.compactMap { sending in
                arrival(sending.title, after: sending.nanoseconds).map { Double($0 - sending.nanoseconds) }
            }
            guard delays.count == perRound * scale.rounds else {
                throw BenchError("\(delays.count) of \(perRound * scale.rounds) screen \(call[0]) calls reached the server's log")
            }
            return delays
        }
    }

    /// A `TITLE NANOSECONDS` line of bench-raw-client.
    private static func entry(_ line: Substring) -> (title: String, nanoseconds: Int64)? {
        let words = line.split(separator: " ")
        guard words.count == 2, let ns = Int64(words[1]) else { return nil }
        return (String(words[0]), ns)
    }
}
