import DBus
import Foundation
import TestSupport

extension Drill {
    /// D5: one app posts as fast as it can, `Flood.depth` calls in flight. It is refused with
    /// `LimitExceeded` past its rate (and past the calls a connection may have waiting), its
    /// refusals coming at the daemon's pace; another app's `Post` keeps its latency (its p99
    /// during the flood ÷ its p99 without); the flood costs the daemon little CPU; its memory
    /// stays bounded.
    static let flood = Drill(id: "D5", title: "flood") { scale in
        try await Flood(seconds: scale.pick(10, short: 2)).run()
    }
}

struct Flood {
    static let flooder = "org.example.Drills.Flooder"
    static let other = "org.example.Drills.Other"
    /// What the daemon may use at its peak, in MiB, flood or not.
    static let memoryBound = 256
    /// The daemon's default posts per second per app.
    static let rate = 100
    /// The flooding app's calls in flight: it sends the next as soon as one is answered.
    static let depth = 5000
    let seconds: Int

    func run() async throws -> Outcome {
        let rig = try await Rig(server: .fake)
        let interval = Duration.milliseconds(50)
        var alone = Latencies()
        var otherErrors = 0
        let samples = seconds * 1000 / 50
        for index in 0..<samples {
            await post(rig, "alone-\(index)", into: &alone, errors: &otherErrors)
            try await Task.sleep(for: interval)
        }

        let output = rig.bus.directory.appending(path: "flood.out")
        let (flooder, _) = try ManagedProcess.start(
            CommandLine.selfExecutable,
            ["flood", "--address", rig.bus.address, "--app", Self.flooder, "--seconds", "\(seconds)", "--window", "\(Self.depth)"],
            standardOutput: output)
        let cpuBefore = try? ProcessProbe.cpuSeconds(of: rig.daemon.process.pid)
        var during = Latencies()
        let start = ContinuousClock.now
        try await Task.sleep(for: .milliseconds(200))  // the flood is under way
        while ContinuousClock.now < start + .seconds(seconds) - .milliseconds(200) {
            await post(rig, "during-\(during.samples.count + otherErrors)", into: &during, errors: &otherErrors)
            try await Task.sleep(for: interval)
        }
        let status = try await flooder.exitStatus(within: .seconds(seconds + 30))
        let cpu = (try? ProcessProbe.cpuSeconds(of: rig.daemon.process.pid)).flatMap { after in cpuBefore.map { after - $0 } } ?? -1
        let counts = ((try? String(contentsOf: output, encoding: .utf8)) ?? "").split(separator: " ").compactMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let (accepted, refused, failed) = counts.count == 3 ? (counts[0], counts[1], counts[2]) : (0, 0, -1)
        let alive = (try? await rig.call("GetPending", .string(Self.other))) != nil
        let peak = rig.memory?.peakMiB ?? -1
        let ratio = during.percentile(99).milliseconds / max(alone.percentile(99).milliseconds, 0.001)
        let allowed = Self.rate * (seconds + 1) + Self.rate  // the rate, plus one burst, plus a second of slack
        // The daemon's CPU over the flood, per call of it (nearly all refused).
        let perCall = cpu * 1e6 / Double(max(accepted + refused, 1))
        return Outcome(
            "flood of \(Self.depth) posts in flight: \(accepted) accepted, \(refused) refused with LimitExceeded (\(Self.rate)/s allowed), \(failed) other errors; other app's Post p99 \(alone.percentile(99).ms) alone, \(during.percentile(99).ms) during the flood (\(String(format: "%.1f", ratio))×), \(during.samples.count) posts, \(otherErrors) errors; daemon CPU \(String(format: "%.1f", cpu)) s over the flood, \(String(format: "%.0f", perCall)) µs per flood call, peak RSS \(peak) MiB",
            goals: [("flooder finished", status == 0), ("flood refused past the rate", refused > 0 && accepted <= allowed),
                    ("no other errors", failed == 0 && otherErrors == 0), ("daemon alive", alive),
                    ("peak RSS under \(Self.memoryBound) MiB", peak > 0 && peak < Self.memoryBound)])
    }

    /// One post of the other app, timed.
    private func post(_ rig: Rig, _ title: String, into latencies: inout Latencies, errors: inout Int) async {
        let start = ContinuousClock.now
        do {
            try await rig.call("Post", .string(Self.other), .string(""), .string(title), .string(""))
            latencies.add(.now - start)
        } catch {
            errors += 1
        }
    }
}
