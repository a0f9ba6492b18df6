import Foundation
import TestSupport

/// The design's own floor (P1-floor, P2-floor, P3-floor): bench-relay, usernoted's design in
/// one C thread on libdbus and SQLite, owning `io.github.usernoted` on a private bus of its own
/// with a fake server of its own (both started as the rig's are), so that it and usernoted
/// run side by side and the measures alternate between them round by round.
final class Floor: Sendable {
    let bus: PrivateBus
    /// The floor's fake server's log, as the rig's (`invoked TITLE MONOTONIC_NS`).
    let serverLog: URL
    private let server: ManagedProcess
    private let relay: ManagedProcess
    private let rig: Rig

    init(_ rig: Rig) async throws {
        self.rig = rig
        bus = try PrivateBus()
        serverLog = bus.directory.appending(path: "server.log")
        _ = FileManager.default.createFile(atPath: serverLog.path, contents: nil)
        server = try await Rig.startOwning(
            "org.freedesktop.Notifications", on: bus, rig.program("bench-fake-server"),
            ["--invoke", Rig.handledApp, "--log", "late-", serverLog.path], environment: bus.environment).process
        do {
            relay = try await Rig.startOwning(
                Rig.daemonName, on: bus, rig.program("bench-relay"), [bus.directory.appending(path: "relay.sqlite").path],
                environment: bus.environment).process
        } catch {
            server.stop()
            throw error
        }
    }

    func stop() {
        relay.stop()
        server.stop()
        bus.stop()
    }

    /// bench-raw-client on the floor's bus.
    func rawClient(_ arguments: [String]) throws -> [Substring] { try rig.rawClient(arguments, environment: bus.environment) }

    /// P1-floor, P2-floor and P3-floor, each in alternating rounds of usernoted and the relay.
    static func measure(_ rig: Rig, _ scale: Scale) async throws -> [Figure] {
        let floor = try await Floor(rig)
        defer { floor.stop() }
        return [try latency(rig, floor, scale), try throughput(rig, floor, scale), try actions(rig, floor, scale)]
    }

    static func latency(_ rig: Rig, _ floor: Floor, _ scale: Scale) throws -> Figure {
        let post = ["latency", "post", Rig.app]
        _ = try floor.rawClient(post + ["20"])  // warm-up, as P1's
        _ = try rig.rawClient(post + ["20"])
        let perRound = "\(max(1, scale.latencyCalls / scale.rounds))"
        var (ours, relay) = ([Double](), [Double]())
        for _ in 0..<scale.rounds {
            ours += try rig.rawClient(post + [perRound]).compactMap { Double($0) }
            relay += try floor.rawClient(post + [perRound]).compactMap { Double($0) }
        }
        let (o, r) = (Samples(ours), Samples(relay))
        return Figure(
            key: "P1-floor", measure: "Post latency vs the C relay, median", ours: o.median / 1000, baseline: r.median / 1000,
            unit: "µs", budget: .atMost(1.3),
            note: "\(ours.count) calls each; p99 ours \((o.percentile(99) / 1000).formatted) µs, relay \((r.percentile(99) / 1000).formatted) µs")
    }

    static func throughput(_ rig: Rig, _ floor: Floor, _ scale: Scale) throws -> Figure {
        let arguments = ["throughput", "post", Rig.app, "\(scale.throughputCalls)", "\(scale.window)"]
        var (ourSeconds, relaySeconds) = (0.0, 0.0)
        for _ in 0..<scale.rounds {
            ourSeconds += try PostThroughput.seconds(try rig.rawClient(arguments), arguments)
            relaySeconds += try PostThroughput.seconds(try floor.rawClient(arguments), arguments)
        }
        let calls = Double(scale.throughputCalls * scale.rounds)
        return Figure(
            key: "P2-floor", measure: "Post throughput vs the C relay, \(scale.window) in flight", ours: calls / ourSeconds,
            baseline: calls / relaySeconds, unit: "calls/s", budget: .atLeast(0.8), note: "\(Int(calls)) calls each")
    }

    /// P3's path through usernoted and through the relay (titles from 1 000 000 on usernoted's
    /// bus, so that they meet none of P3's and the peer rows').
    static func actions(_ rig: Rig, _ floor: Floor, _ scale: Scale) throws -> Figure {
        let (ourLog, relayLog) = (try rig.directory("p3-floor").appending(path: "ours.log"), floor.bus.directory.appending(path: "handler.log"))
        let perRound = max(1, scale.actions / scale.rounds), first = 1_000_000
        for round in 0..<scale.rounds {
            _ = try rig.rawClient(["actions", Rig.handledApp, "\(perRound)", ourLog.path, "\(first + round * perRound)"])
            _ = try floor.rawClient(["actions", Rig.handledApp, "\(perRound)", relayLog.path, "\(round * perRound)"])
        }
        let expected = perRound * scale.rounds
        let ours = Samples(try ActionRouting.delays(sentIn: rig.serverLog, heardIn: ourLog, expected: expected))
        let relay = Samples(try ActionRouting.delays(sentIn: floor.serverLog, heardIn: relayLog, expected: expected))
        return Figure(
            key: "P3-floor", measure: "ActionInvoked → DidReceive vs the C relay, median", ours: ours.median / 1000,
            baseline: relay.median / 1000, unit: "µs", budget: .atMost(1.3),
            note: "\(expected) actions each in \(scale.rounds) alternating rounds; p99 ours \((ours.percentile(99) / 1000).formatted) µs, relay \((relay.percentile(99) / 1000).formatted) µs")
    }
}
