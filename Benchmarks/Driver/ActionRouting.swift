import Foundation

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
        let latencies = try delays(sentIn: rig.serverLog, heardIn: handlerLog, expected: perRound * scale.rounds)
        let l = Samples(latencies)
        return Figure(
            key: "P3", measure: "ActionInvoked → DidReceive, median", ours: l.median / 1000, baseline: pings.median / 1000,
            unit: "µs", budget: .atMost(3),
            note: "\(latencies.count) actions, \(pingSamples.count) pings in \(scale.rounds) alternating rounds; p99 ours \((l.percentile(99) / 1000).formatted) µs, ping \((pings.percentile(99) / 1000).formatted) µs, p99 ratio \((l.percentile(99) / pings.percentile(99)).formatted)")
    }

    /// The nanoseconds from the fake server sending each `ActionInvoked` to the app hearing of
    /// it: `received TITLE NS` lines of `log` (bench-raw-client `actions`, `portal-actions`)
    /// matched by title with the `invoked` lines of a fake server's log `serverLog`; fails
    /// unless all `expected` match.
    static func delays(sentIn serverLog: URL, heardIn log: URL, expected: Int) throws -> [Double] {
        let sent = Dictionary(try Rig.entries("invoked", in: serverLog).map { ($0.title, $0.nanoseconds) }) { _, last in last }
        let delays = try Rig.entries("received", in: log).compactMap { entry in sent[entry.title].map { Double(entry.nanoseconds - $0) } }
        guard delays.count == expected else {
            throw BenchError("\(delays.count) of \(expected) actions heard in \(log.lastPathComponent) could be matched to the server's log")
        }
        return delays
    }
}
