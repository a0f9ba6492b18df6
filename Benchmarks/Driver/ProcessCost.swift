import Foundation
import TestSupport

/// P4: `usernotectl post …` as a whole process against `notify-send …` as a whole process,
/// both ending with a notification on the fake server; alternating runs, median wall time.
enum ProcessCost {
    static func measure(_ rig: Rig, _ scale: Scale) throws -> Figure {
        let notifySend = try ManagedProcess.which("notify-send")
        let usernotectl = rig.program("usernotectl")
        var (ours, theirs) = ([Double](), [Double]())
        for run in 0..<(scale.processRuns + 1) {
            let o = try time(usernotectl, ["post", "--app", Rig.app, "From usernotectl \(run)", "a body"], rig)
            let t = try time(notifySend, ["--app-name=\(Rig.app)", "From notify-send \(run)", "a body"], rig)
            if run > 0 { ours.append(o); theirs.append(t) }  // the first run of each only warms the page cache
        }
        let (o, t) = (Samples(ours), Samples(theirs))
        return Figure(
            key: "P4", measure: "usernotectl post vs notify-send, median", ours: o.median, baseline: t.median,
            unit: "ms", budget: .atMost(1.0), note: "\(ours.count) runs each")
    }

    /// Milliseconds from spawning `executable` to reaping it; it must succeed.
    static func time(_ executable: String, _ arguments: [String], _ rig: Rig) throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        let (process, _) = try ManagedProcess.start(executable, arguments, environment: rig.bus.environment)
        let status = process.wait()
        let elapsed = clock.now - start
        guard status == 0 else { throw BenchError("\(executable) \(arguments) failed (wait status \(status)): \(process.log)") }
        return elapsed.milliseconds
    }
}

extension Duration {
    /// The duration in milliseconds.
    var milliseconds: Double { Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15 }
}
