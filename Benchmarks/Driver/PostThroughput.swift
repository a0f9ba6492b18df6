/// P2: many `Post` calls in flight through usernoted, against as many raw `Notify` calls in
/// flight to the fake server; calls per second, in alternating rounds.
enum PostThroughput {
    static func measure(_ rig: Rig, _ scale: Scale) throws -> Figure {
        let n = "\(scale.throughputCalls)", window = "\(scale.window)"
        var (rawSeconds, ourSeconds) = (0.0, 0.0)
        for _ in 0..<scale.rounds {
            rawSeconds += try run(rig, ["throughput", "notify", n, window])
            ourSeconds += try run(rig, ["throughput", "post", Rig.app, n, window])
        }
        let calls = Double(scale.throughputCalls * scale.rounds)
        return Figure(
            key: "P2", measure: "Post throughput, \(scale.window) in flight", ours: calls / ourSeconds,
            baseline: calls / rawSeconds, unit: "calls/s", budget: .atLeast(0.8),
            note: "\(Int(calls)) calls each")
    }

    /// Seconds one throughput run took; a run with an error reply is no measurement.
    static func run(_ rig: Rig, _ arguments: [String]) throws -> Double {
        try seconds(try rig.rawClient(arguments), arguments)
    }

    /// Seconds a throughput run took, from what bench-raw-client printed for `arguments`.
    static func seconds(_ output: [Substring], _ arguments: [String]) throws -> Double {
        guard let words = output.first?.split(separator: " "), words.count == 2,
              let nanoseconds = Double(words[0]), let errors = Int(words[1])
        else { throw BenchError("bench-raw-client \(arguments) printed no result") }
        guard errors == 0 else { throw BenchError("\(errors) calls of \(arguments.joined(separator: " ")) failed (see the first above)") }
        return nanoseconds / 1e9
    }
}
