import Foundation
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `usernoted-bench [--smoke] [--output FILE] [--only P1,P5 …]`: holds usernoted to DESIGN §7.
///
/// Starts a private bus with the fast fake notification server (bench-fake-server), runs
/// every measure against its baseline taken in the same run, prints the table and writes
/// the same figures to FILE (default `bench-results.json`). Exits 1 when a figure is over
/// budget; `--smoke` runs every measure with tiny counts and checks no budget.
@main
struct UsernotedBench {
    static func main() async {
        var arguments = CommandLine.arguments.dropFirst()
        var smoke = false
        var output = "bench-results.json"
        var only: Set<String>?
        while let argument = arguments.popFirst() {
            switch argument {
            case "--smoke": smoke = true
            case "--output": output = arguments.popFirst() ?? output
            case "--only": only = Set((arguments.popFirst() ?? "").split(separator: ",").map(String.init))
            default:
                FileHandle.standardError.write(Data("usage: usernoted-bench [--smoke] [--output FILE] [--only P1,P2,…]\n".utf8))
                exit(64)
            }
        }
        do {
            let figures = try await run(scale: smoke ? .smoke : .full, only: only)
            print(Report.table(figures))
            try Report.json(figures).write(to: URL(filePath: output))
            print("figures written to \(output)")
            let over = figures.filter { !$0.within }
            if !smoke, !over.isEmpty {
                print("over budget: \(over.map(\.key).joined(separator: ", "))")
                exit(1)
            }
        } catch {
            FileHandle.standardError.write(Data("usernoted-bench: \(error)\n".utf8))
            exit(2)
        }
    }

    /// Runs the measures (those in `only`, when given) in an order that keeps each daemon's
    /// state its own: P1–P4 share one daemon, P5, P6 and P7 start their own.
    static func run(scale: Scale, only: Set<String>?) async throws -> [Figure] {
        let products = URL(filePath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            .deletingLastPathComponent()
        let rig = try await Rig(products: products)
        func wanted(_ key: String) -> Bool { only?.contains(key) ?? true }
        var figures: [Figure] = []
        func record(_ new: [Figure]) {
            for figure in new { log("\(figure.key): \(figure.ours.formatted) \(figure.unit)\(figure.ratio.map { ", ratio \($0.formatted)" } ?? "")") }
            figures += new
        }
        if ["P1", "P2", "P3", "P4"].contains(where: wanted) {
            let (daemon, _) = try await rig.startDaemon(state: try rig.directory("p1-state"))
            defer { daemon.stop() }
            if wanted("P1") { log("P1: post latency"); record([try PostLatency.measure(rig, scale)]) }
            if wanted("P2") { log("P2: post throughput"); record([try PostThroughput.measure(rig, scale)]) }
            if wanted("P3") { log("P3: action routing"); record([try ActionRouting.measure(rig, scale)]) }
            if wanted("P4") { log("P4: usernotectl vs notify-send"); record([try ProcessCost.measure(rig, scale)]) }
        }
        if wanted("P5") { log("P5: idle, \(Int(scale.idleSeconds)) s"); record(try await Idle.measure(rig, scale)) }
        if wanted("P6") { log("P6: \(scale.scalePending) pending"); record(try await ScaleLoad.measure(rig, scale)) }
        if wanted("P7") { log("P7: cold start"); record([try await ColdStart.measure(rig, scale)]) }
        return figures
    }

    static func log(_ line: String) {
        FileHandle.standardError.write(Data("usernoted-bench: \(line)\n".utf8))
    }
}
