/// P3: from the fake server sending `ActionInvoked` to the app's handler receiving
/// `Handler1.DidReceive`, against a bus `Peer.Ping` round trip to the server.
enum ActionRouting {
    static func measure(_ rig: Rig, _ scale: Scale) throws -> Figure {
        let pings = Samples(try rig.rawClient(["latency", "ping", "\(scale.pings)"]).compactMap { Double($0) })
        let handlerLog = try rig.directory("p3").appending(path: "handler.log")
        _ = try rig.rawClient(["actions", Rig.handledApp, "\(scale.actions)", handlerLog.path])
        let sent = Dictionary(try rig.serverLogEntries("invoked").map { ($0.title, $0.nanoseconds) }) { _, last in last }
        let received = try Rig.entries("received", in: handlerLog)
        let latencies = received.compactMap { entry in sent[entry.title].map { Double(entry.nanoseconds - $0) } }
        guard latencies.count == scale.actions else {
            throw BenchError("P3: \(latencies.count) of \(scale.actions) actions could be matched to the server's log")
        }
        let l = Samples(latencies)
        return Figure(
            key: "P3", measure: "ActionInvoked → DidReceive, median", ours: l.median / 1000, baseline: pings.median / 1000,
            unit: "µs", budget: .atMost(3),
            note: "\(latencies.count) actions, \(scale.pings) pings; p99 ours \((l.percentile(99) / 1000).formatted) µs, ping \((pings.percentile(99) / 1000).formatted) µs, p99 ratio \((l.percentile(99) / pings.percentile(99)).formatted)")
    }
}
