import Foundation
import TestSupport

/// P2-instructions: the instructions usernoted executes per `Post`, counted by callgrind
/// (the same for the same binary and inputs, whatever else the machine does) over synchronous
/// posts after a warm-up, on a daemon of its own. valgrind 3.19 cannot read the debug
/// information of Swift's builds, so it runs a copy with that stripped.
enum PostInstructions {
    static func measure(_ rig: Rig, _ scale: Scale) async throws -> Figure? {
        // The debug build loads the Swift runtime's shared libraries, whose debug information
        // crashes valgrind 3.19 itself; the release build links the runtime statically.
        guard !isDebugBuild else { return nil }
        let directory = try rig.directory("p2-instructions")
        let binary = directory.appending(path: "usernoted")
        try FileManager.default.copyItem(atPath: rig.program("usernoted"), toPath: binary.path)
        try run(try ManagedProcess.which("strip"), ["--strip-debug", binary.path])
        var environment = rig.daemonEnvironment
        environment["USERNOTED_STATE_DIR"] = try rig.directory("p2-instructions-state").path
        let output = directory.appending(path: "callgrind.out")
        let (daemon, _) = try await Rig.startOwning(
            Rig.daemonName, on: rig.bus, try ManagedProcess.which("valgrind"),
            ["--tool=callgrind", "--instr-atstart=no", "--dump-instr=yes", "--callgrind-out-file=\(output.path)", binary.path],
            environment: environment)
        defer { daemon.stop() }
        let control = try ManagedProcess.which("callgrind_control")
        _ = try rig.rawClient(["latency", "post", Rig.app, "20"])  // warm-up: the store's write path, the first Notify
        try run(control, ["--instr=on", "\(daemon.pid)"])
        _ = try rig.rawClient(["latency", "post", Rig.app, "\(scale.instructionPosts)"])
        try run(control, ["--dump", "\(daemon.pid)"])
        let dump = URL(filePath: output.path + ".1")
        // `USERNOTED_BENCH_PROFILE=FILE` keeps the profile (with the stripped binary's
        // instructions: `callgrind_annotate --auto=no FILE`) for a look at where they go.
        if let keep = ProcessInfo.processInfo.environment["USERNOTED_BENCH_PROFILE"] {
            try? FileManager.default.removeItem(atPath: keep)
            try FileManager.default.copyItem(at: dump, to: URL(filePath: keep))
        }
        guard let line = try String(contentsOf: dump, encoding: .utf8).split(separator: "\n").first(where: { $0.hasPrefix("totals: ") }),
              let total = Double(line.dropFirst("totals: ".count).split(separator: " ").first ?? "")
        else { throw BenchError("P2-instructions: no totals line in \(dump.path)") }
        return Figure(
            key: "P2-instructions", measure: "instructions in the daemon per Post", ours: total / Double(scale.instructionPosts),
            unit: "instructions", budget: .atMost(300_000),
            note: "callgrind over \(scale.instructionPosts) synchronous posts after 20 to warm up")
    }

    /// Whether this is the debug build (`make bench-smoke`), whose usernoted is one too.
    private static let isDebugBuild: Bool = {
        #if DEBUG
        true
        #else
        false
        #endif
    }()

    /// Runs `executable` to its end; throws when it fails.
    private static func run(_ executable: String, _ arguments: [String]) throws {
        let result = try Command.run(executable, arguments)
        guard result.succeeded else {
            throw BenchError("\(executable) \(arguments.joined(separator: " ")) failed (exit \(result.status)): \(result.errors)")
        }
    }
}
