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
                unit: "MiB", budget: .atMost(1.0)),
        ]
    }

    /// An idle dunst's resident memory: Xvfb and dunst on a bus of their own, settled.
    static func idleDunstResidentBytes(_ rig: Rig) async throws -> Double {
        let bus = try PrivateBus()
        let (xvfb, display) = try ManagedProcess.start(
            "Xvfb", ["-displayfd", "1", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"], readFirstLine: true)
        defer { xvfb.stop() }
        guard let display, !display.isEmpty else { throw BenchError("Xvfb did not start: \(xvfb.log)") }
        var env = bus.environment
        env["DISPLAY"] = ":\(display)"
        let (dunst, _) = try await Rig.startOwning(
            "org.freedesktop.Notifications", on: bus, try ManagedProcess.which("dunst"),
            ["-config", TestDesktop.fixtures.appending(path: "dunstrc").path], environment: env)
        defer { dunst.stop() }
        try await Task.sleep(for: .seconds(2))
        return try ProcessProbe.residentBytes(of: dunst.pid)
    }
}
