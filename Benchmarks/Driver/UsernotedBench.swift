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
/// budget or a measure failed; `--smoke` runs every measure with tiny counts and checks no
/// budget (it exits 1 only when a measure failed).
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
            if smoke, let failed = figures.first(where: { $0.failure != nil }) {
                print("a measure failed: \(failed.key)")
                exit(1)
            }
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
    /// state its own: P1–P4 and the peer rows share one daemon; P2-instructions, P5, P6 and P7
    /// start their own.
    static func run(scale: Scale, only: Set<String>?) async throws -> [Figure] {
        let products = URL(filePath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            .deletingLastPathComponent()
        let rig = try await Rig(products: products)
        /// Whether `--only` asks for `key` (`P6` asks for every `P6-…`, `peer` for both peer rows).
        func wanted(_ key: String) -> Bool { only.map { $0.contains(key) || $0.contains(where: key.hasPrefix) } ?? true }
        var figures: [Figure] = []
        /// Runs one measure; one that fails is reported as failed, and the others still run.
        func record(_ keys: [String], _ what: String, _ measure: () async throws -> [Figure]) async {
            guard keys.contains(where: wanted) else { return }
            log("\(keys[0].split(separator: "-")[0]): \(what)")
            do {
                let new = try await measure()
                for figure in new { log("\(figure.key): \(figure.ours.formatted) \(figure.unit)\(figure.ratio.map { ", ratio \($0.formatted)" } ?? "")") }
                figures += new
            } catch {
                log("\(keys.joined(separator: ", ")) failed: \(error)")
                figures += keys.map { Figure.failed($0, what, "\(error)") }
            }
        }
        let peerKeys = ["peer-portal-post", "peer-portal-action"]
        let backendKeys = ["portal-backend-post", "portal-backend-action"]
        if (["P1", "P2", "P3", "P4", "P1-floor", "P2-floor", "P3-floor"] + peerKeys + backendKeys).contains(where: wanted) {
            let (daemon, _) = try await rig.startDaemon(state: try rig.directory("p1-state"))
            defer { daemon.stop() }
            await record(["P1"], "Post latency") { [try PostLatency.measure(rig, scale)] }
            await record(["P1-screen"], "Post → Notify at the server") { [try await PostScreen.measure(rig, scale)] }
            await record(["P2"], "Post throughput") { [try PostThroughput.measure(rig, scale)] }
            await record(["P3"], "ActionInvoked → DidReceive") { [try ActionRouting.measure(rig, scale)] }
            await record(["P1-floor", "P2-floor", "P3-floor"], "usernoted vs the C relay") { try await Floor.measure(rig, scale) }
            await record(["P4"], "usernotectl post vs notify-send") { [try ProcessCost.measure(rig, scale)] }
            if let missing = PortalPeer.missing, !scale.requiresPeers, peerKeys.contains(where: wanted) {
                log("peer-portal-post, peer-portal-action skipped: \(missing)")
            } else {
                await record(peerKeys, "usernoted vs xdg-desktop-portal") {
                    if let missing = PortalPeer.missing { throw BenchError(missing) }
                    return try await PeerPortal.rows(starting: { try await PortalPeer(rig) }, frontend: \.frontend, stop: { $0.stop() }) {
                        [
                            try await PeerPortal.post(rig, scale, key: "peer-portal-post", portal: .baseline, budget: .atMost(0.5)),
                            // Titles of their own: P3's are bench-0 … and stay in the server's log.
                            try PeerPortal.action(rig, scale, key: "peer-portal-action", portal: .baseline, first: 1_000_000, budget: .atMost(0.7)),
                        ]
                    }
                }
            }
            let noPortal = FileManager.default.fileExists(atPath: PortalPeer.portal) ? nil : "\(PortalPeer.portal) is not installed"
            if let noPortal, !scale.requiresPeers, backendKeys.contains(where: wanted) {
                log("portal-backend-post, portal-backend-action skipped: \(noPortal)")
            } else {
                await record(backendKeys, "a Flatpak app: the portal with usernoted as its backend vs usernoted") {
                    if let noPortal { throw BenchError(noPortal) }
                    return try await PeerPortal.rows(starting: { try await PortalBackend.start(rig) }, frontend: { $0 }, stop: { $0.stop() }) {
                        [
                            try await PeerPortal.post(rig, scale, key: "portal-backend-post", portal: .figure, budget: .atMost(2)),
                            try PeerPortal.action(rig, scale, key: "portal-backend-action", portal: .figure, first: 2_000_000, budget: .atMost(2)),
                        ]
                    }
                }
            }
        }
        await record(["P2-instructions"], "instructions per Post (callgrind)") { [try await PostInstructions.measure(rig, scale)].compactMap(\.self) }
        await record(["P5-wakeups", "P5-rss"], "idle, \(Int(scale.idleSeconds)) s") { try await Idle.measure(rig, scale) }
        await record(["P5-wakeups-push"], "idle with push on, \(Int(scale.idleSeconds)) s") { [try await IdlePush.measure(rig, scale)] }
        await record(["P6-add-rate", "P6-load", "P6-rss", "P6-lateness"], "\(scale.scalePending) pending") {
            try await ScaleLoad.measure(rig, scale)
        }
        await record(["P7"], "cold start") { [try await ColdStart.measure(rig, scale)] }
        await record(["footprint-binaries", "footprint-installed"], "the bytes a distribution ships") { try Footprint.measure(rig, scale) }
        return figures
    }

    static func log(_ line: String) {
        FileHandle.standardError.write(Data("usernoted-bench: \(line)\n".utf8))
    }
}
