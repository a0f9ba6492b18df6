import DBus
import Foundation
import TestSupport

/// P6: usernoted with many pending requests: the rate of `Add` with many calls in flight,
/// a restart until it serves calls, its resident memory, and how late triggers due soon
/// reach the fake server.
enum ScaleLoad {
    static let smallApp = "org.usernoted.Bench.Small"

    static func measure(_ rig: Rig, _ scale: Scale) async throws -> [Figure] {
        let state = try rig.directory("p6-state")
        var (daemon, _) = try await rig.startDaemon(state: state)
        defer { daemon.stop() }
        try await rig.callDaemon("Add", [.string(smallApp), .string(#"{"content":{"title":"one"},"trigger":{"timeInterval":86400}}"#)])
        let far = scale.scalePending - scale.dueSoon - 1
        let seconds = try PostThroughput.run(rig, ["throughput", "add", Rig.app, "\(far)", "64", Idle.farFuture, "86400"])
        let rate = Double(far) / seconds

        var restarts: [Double] = []
        for _ in 0..<scale.restarts {
            daemon.stop()
            let clock = ContinuousClock()
            let start = clock.now
            (daemon, _) = try await rig.startDaemon(state: state)
            let pending = try await rig.callDaemon("GetPending", [.string(smallApp)])
            restarts.append((clock.now - start).milliseconds / 1000)
            guard pending.first?.as(String.self)?.contains("one") == true else { throw BenchError("P6: the restarted daemon lost a request") }
        }

        let late = try await lateness(rig, scale)
        let resident = try ProcessProbe.residentBytes(of: daemon.pid)
        let l = Samples(late)
        return [
            Figure(key: "P6-add-rate", measure: "Add rate, 64 in flight, to \(scale.scalePending) pending", ours: rate,
                   unit: "calls/s", budget: .atLeast(5000), note: "\(far) adds in \(seconds.formatted) s"),
            Figure(key: "P6-load", measure: "restart until serving, \(scale.scalePending) pending", ours: Samples(restarts).median,
                   unit: "s", budget: .atMost(1), note: "median of \(restarts.count); each: \(restarts.map { $0.formatted }.joined(separator: ", ")) s"),
            Figure(key: "P6-rss", measure: "resident memory, \(scale.scalePending) pending", ours: resident / 1_048_576,
                   unit: "MiB", budget: .atMost(100)),
            Figure(key: "P6-lateness", measure: "trigger lateness p99, \(scale.dueSoon) due evenly within \(scale.dueWithinSeconds) s",
                   ours: l.percentile(99), unit: "ms", budget: .atMost(20),
                   note: "median \(l.median.formatted) ms, max \(l.sorted.last!.formatted) ms"),
        ]
    }

    /// Adds requests due evenly over the next seconds (time-interval triggers, one at a time),
    /// waits until each reached the fake server, and returns how late each arrived, in
    /// milliseconds. A request's due date is taken as the moment its `Add` was sent plus its
    /// interval; the daemon dates it a little later (when it handles the call), so this
    /// overstates lateness by at most one `Add` round trip, never understates it.
    static func lateness(_ rig: Rig, _ scale: Scale) async throws -> [Double] {
        let spacing = Double(scale.dueWithinSeconds) / Double(scale.dueSoon)
        let lead = 3.0  // seconds before the first is due: time to add them all
        let start = Date().timeIntervalSince1970
        var due: [String: Double] = [:]
        for i in 0..<scale.dueSoon {
            let title = "late-\(i)"
            let sent = Date().timeIntervalSince1970
            let interval = start + lead + Double(i) * spacing - sent
            guard interval > 0.1 else { throw BenchError("P6: adding the due-soon requests took too long") }
            try await rig.callDaemon("Add", [.string(Rig.app), .string(
                #"{"identifier":"\#(title)","content":{"title":"\#(title)"},"trigger":{"timeInterval":\#(interval)}}"#)])
            due[title] = sent + interval
        }
        let deadline = Date(timeIntervalSince1970: start + lead + Double(scale.dueWithinSeconds) + 30)
        var arrived: [(title: String, nanoseconds: Int64)] = []
        while Date() < deadline {
            arrived = try rig.serverLogEntries("notify")
            if arrived.count >= scale.dueSoon { break }
            try await Task.sleep(for: .milliseconds(200))
        }
        guard arrived.count == scale.dueSoon else { throw BenchError("P6: \(arrived.count) of \(scale.dueSoon) due requests reached the server") }
        return try arrived.map { entry in
            guard let dueAt = due[entry.title] else { throw BenchError("P6: the server got an unknown \(entry.title)") }
            return Double(entry.nanoseconds) / 1e6 - dueAt * 1000
        }
    }
}
