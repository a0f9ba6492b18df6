/// P3: from the fake server sending `ActionInvoked` to the app's handler receiving
/// `Handler1.DidReceive`, against a bus `Peer.Ping` round trip to the server.
enum ActionRouting {
    /// Pings and actions alternate in rounds, so that both see the same machine.
    static func measure(_ rig: Rig, _ scale: Scale) throws -> Figure {
        let handlerLog = try rig.directory("p3").appending(path: "handler.log")
        var pingSamples: [Double] = []
        let perRound = scale.actions / scale.rounds
        for round in 0..<scale.rounds {
            pingSamples += try rig.rawClient(["latency", "ping", "\(scale.pings / scale.rounds)"]).compactMap { Double($0) }
            _ = try rig.rawClient(["actions", Rig.handledApp, "\(perRound)", handlerLog.path, "\(round * perRound)"])
        }
        let pings = Samples(pingSamples)
        let sent = Dictionary(try rig.serverLogEntries("invoked").map { ($0.title, $0.nanoseconds) }) { _, last in last }
        let received = try Rig.entries("received", in: handlerLog)
        let latencies = received.compactMap { entry in sent[entry.title].map { Double(entry.nanoseconds - $0) } }
        guard latencies.count == perRound * scale.rounds else {
            throw BenchError("P3: \(latencies.count) of \(scale.actions) actions could be matched to the server's log")
        }
        let l = Samples(latencies)
        return Figure(
            key: "P3", measure: "ActionInvoked → DidReceive, median", ours: l.median / 1000, baseline: pings.median / 1000,
            unit: "µs", budget: .atMost(3),
            note: "\(latencies.count) actions, \(pingSamples.count) pings in \(scale.rounds) alternating rounds; p99 ours \((l.percentile(99) / 1000).formatted) µs, ping \((pings.percentile(99) / 1000).formatted) µs, p99 ratio \((l.percentile(99) / pings.percentile(99)).formatted)")
    }
}
