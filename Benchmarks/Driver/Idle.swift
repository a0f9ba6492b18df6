import Foundation
import TestSupport

/// P5: the idle daemon with many future requests pending: its wakeups over a quiet window
/// (context switches of every thread, from /proc), and its resident memory against an idle
/// dunst's, measured in the same run.
enum Idle {
    /// A far-future request (a day and some seconds from now); `%1$d` is its number.
    static let farFuture = #"{"identifier":"far-%1$d","content":{"title":"Far %1$d","body":"a request that waits"},"trigger":{"timeInterval":%1$d}}"#

    static func measure(_ rig: Rig, _ scale: Scale) async throws -> [Figure] {
        let (daemon, _) = try await rig.startDaemon(state: try rig.directory("p5-state"))
        defer { daemon.stop() }
        _ = try PostThroughput.run(rig, ["throughput", "add", Rig.app, "\(scale.idlePending)", "64", farFuture, "86400"])
        try await Task.sleep(for: .seconds(2))  // let what the adds started settle
        let before = try ProcessProbe.threads(of: daemon.pid)
        try await Task.sleep(for: .seconds(scale.idleSeconds))
        let after = try ProcessProbe.threads(of: daemon.pid)
        let perThread = ProcessProbe.wakeups(from: before, to: after).map {
            ("\($0.name)[\($0.thread == Int(daemon.pid) ? "main" : "\($0.thread)")]", $0.count)
        }
        let wakeups = perThread.reduce(0) { $0 + $1.1 }
        let ours = try ProcessProbe.residentBytes(of: daemon.pid)
        let dunst = try await idleDunstResidentBytes(rig)
        return [
            Figure(
                key: "P5-wakeups", measure: "idle wakeups, \(scale.idlePending) pending, \(Int(scale.idleSeconds)) s",
                ours: Double(wakeups), unit: "wakeups", budget: .atMost(0),
                note: "\(after.count) threads; by thread: " + (perThread.isEmpty ? "none" : perThread.map { "\($0.0) \($0.1)" }.joined(separator: ", "))),
            Figure(
                key: "P5-rss", measure: "idle resident memory vs dunst", ours: ours / 1_048_576, baseline: dunst / 1_048_576,
                unit: "MiB", budget: .atMost(1.5)),
        ]
    }

    /// An idle dunst's resident memory: Xvfb and dunst on a bus of their own, settled.
    static func idleDunstResidentBytes(_ rig: Rig) async throws -> Double {
        let bus = try PrivateBus()
        let (xvfb, display) = try Rig.startXvfb()
        defer { xvfb.stop() }
        var env = bus.environment
        env["DISPLAY"] = display
        let (dunst, _) = try await Rig.startOwning(
            "org.freedesktop.Notifications", on: bus, try ManagedProcess.which("dunst"),
            ["-config", TestDesktop.fixtures.appending(path: "dunstrc").path], environment: env)
        defer { dunst.stop() }
        try await Task.sleep(for: .seconds(2))
        return try ProcessProbe.residentBytes(of: dunst.pid)
    }
}

/// P5-wakeups-push: the same idle daemon with push on, connected to a local mosquitto; only
/// the MQTT keepalive may wake it (its timer's ticks and the broker's answer to each ping).
enum IdlePush {
    /// The keepalive the daemon is given, in seconds.
    static let keepAlive = 20
    /// Wakeups one keepalive costs: the loop's timer ticks three times per keepalive, and the PINGRESP arrives once.
    static let wakeupsPerKeepAlive = 4

    static func measure(_ rig: Rig, _ scale: Scale) async throws -> Figure {
        let broker = try await Mosquitto()
        defer { broker.stop() }
        let config = try rig.directory("p5-push-config/usernoted")
        try """
            [push]
            broker = "\(broker.url)"
            keepAliveSeconds = \(keepAlive)
            """.write(to: config.appending(path: "config.toml"), atomically: true, encoding: .utf8)
        var environment = rig.daemonEnvironment
        environment["XDG_CONFIG_HOME"] = config.deletingLastPathComponent().path
        environment["USERNOTED_STATE_DIR"] = try rig.directory("p5-push-state").path
        let (daemon, _) = try await Rig.startOwning(Rig.daemonName, on: rig.bus, rig.program("usernoted"), [], environment: environment)
        defer { daemon.stop() }
        try await Task.sleep(for: .seconds(2))  // connected, subscribed, settled
        let before = try ProcessProbe.threads(of: daemon.pid)
        try await Task.sleep(for: .seconds(scale.idleSeconds))
        let after = try ProcessProbe.threads(of: daemon.pid)
        let perThread = ProcessProbe.wakeups(from: before, to: after)
        let wakeups = perThread.reduce(0) { $0 + $1.count }
        // The keepalives that fall in the window, and the one under way at its start.
        let keepAlives = Int((scale.idleSeconds / Double(keepAlive)).rounded(.up)) + 1
        return Figure(
            key: "P5-wakeups-push", measure: "idle wakeups with push on (keepalive \(keepAlive) s), \(Int(scale.idleSeconds)) s",
            ours: Double(wakeups), unit: "wakeups", budget: .atMost(Double(wakeupsPerKeepAlive * keepAlives)),
            note: "keepalive only: \(wakeupsPerKeepAlive) per keepalive, \(keepAlives) keepalives; by thread: "
                + (perThread.isEmpty ? "none" : perThread.map { "\($0.name) \($0.count)" }.joined(separator: ", ")))
    }
}
