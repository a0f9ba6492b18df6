import UsernotedAPI
import DBus
import Foundation
import TestSupport

/// What every measure runs on: a private bus, the fast fake notification server on it, the
/// built programs, and a scratch directory; and the ways to start usernoted and the
/// baseline programs there.
final class Rig: Sendable {
    /// The app whose posts the fake server answers with an immediate `ActionInvoked` (P3).
    static let handledApp = "org.usernoted.Bench.Handled"
    /// The app every other measure posts and schedules for.
    static let app = "org.usernoted.Bench"
    static let daemonName = Center1.busName

    let bus: PrivateBus
    /// Where the built programs are (usernoted, usernotectl, bench-*).
    let products: URL
    /// The fake server's log: `invoked TITLE MONOTONIC_NS`, `notify late-… REALTIME_NS` and `screen screen-… MONOTONIC_NS`.
    let serverLog: URL
    private let server: ManagedProcess
    /// A client connection for the driver's own calls.
    let connection: Connection

    init(products: URL) async throws {
        self.products = products
        bus = try PrivateBus()
        serverLog = bus.directory.appending(path: "server.log")
        _ = FileManager.default.createFile(atPath: serverLog.path, contents: nil)
        connection = try await bus.connect()
        let configDirectory = bus.directory.appending(path: "config/usernoted")
        try FileManager.default.createDirectory(at: configDirectory, withIntermediateDirectories: true)
        // Raised so that neither the post rate nor the pending limit refuses a benchmark's calls.
        try """
            [limits]
            postsPerSecond = 100000000
            pendingPerApp = 100000000
            """.write(to: configDirectory.appending(path: "config.toml"), atomically: true, encoding: .utf8)
        let serverLog = serverLog
        server = try await Self.startOwning(
            "org.freedesktop.Notifications", on: bus, products.appending(path: "bench-fake-server").path,
            ["--invoke", Self.handledApp, "--invoke-summary", PortalPeer.invokedPrefix, "--log", "late-", serverLog.path], environment: bus.environment).process
    }

    /// The path of a built program.
    func program(_ name: String) -> String { products.appending(path: name).path }

    /// A new, empty directory under the rig's scratch directory.
    func directory(_ name: String) throws -> URL {
        let url = bus.directory.appending(path: name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The environment of usernoted: the private bus, the raised limits, UTC.
    var daemonEnvironment: [String: String] {
        var env = bus.environment
        env["XDG_CONFIG_HOME"] = bus.directory.appending(path: "config").path
        env["TZ"] = "UTC"
        return env
    }

    /// Starts usernoted keeping its state in `state`, as D-Bus activation and the systemd unit
    /// start it (no arguments; the state directory from `$USERNOTED_STATE_DIR`); returns once
    /// it owns its name, with the time from spawning it to that moment.
    func startDaemon(state: URL) async throws -> (process: ManagedProcess, startup: Duration) {
        var environment = daemonEnvironment
        environment["USERNOTED_STATE_DIR"] = state.path
        return try await Self.startOwning(Self.daemonName, on: bus, program("usernoted"), [], environment: environment)
    }

    /// Spawns `executable` and waits until `name` has an owner; the time is measured from
    /// just before the spawn to the moment the bus's `NameOwnerChanged` arrives here, the
    /// same way for every program.
    static func startOwning(
        _ name: String, on bus: PrivateBus, _ executable: String, _ arguments: [String], environment: [String: String]
    ) async throws -> (process: ManagedProcess, startup: Duration) {
        let watcher = try await bus.connect()
        defer { watcher.close() }
        let changes = try await watcher.nameOwnerChanges(of: name)
        let clock = ContinuousClock()
        let start = clock.now
        let (process, _) = try ManagedProcess.start(executable, arguments, environment: environment)
        do {
            let owned = try await withDeadline(.seconds(60), "\(executable) owning \(name)") {
                for await change in changes where !change.newOwner.isEmpty { return clock.now }
                throw BenchError("the bus went away")
            }
            return (process, owned - start)
        } catch {
            process.stop()
            throw BenchError("\(error); its log: \(process.log)")
        }
    }

    /// Starts Xvfb on a free display; returns it and the display (`:N`).
    static func startXvfb() throws -> (process: ManagedProcess, display: String) {
        let (xvfb, number) = try ManagedProcess.start(
            "Xvfb", ["-displayfd", "1", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"], readFirstLine: true)
        guard let number, !number.isEmpty else {
            xvfb.stop()
            throw BenchError("Xvfb did not start: \(xvfb.log)")
        }
        return (xvfb, ":\(number)")
    }

    /// Runs bench-raw-client with `arguments` to its end (on the rig's bus, unless `environment`
    /// names another) and returns the lines it printed.
    func rawClient(_ arguments: [String], environment: [String: String]? = nil) throws -> [Substring] {
        let output = bus.directory.appending(path: "raw-\(UUID().uuidString.prefix(8)).out")
        defer { try? FileManager.default.removeItem(at: output) }
        let (process, _) = try ManagedProcess.start(
            program("bench-raw-client"), arguments, environment: environment ?? bus.environment, standardOutput: output)
        let status = process.wait()
        guard status == 0 else {
            throw BenchError("bench-raw-client \(arguments.joined(separator: " ")) failed (wait status \(status)): \(process.log)")
        }
        return try String(contentsOf: output, encoding: .utf8).split(separator: "\n")
    }

    /// One `Center1` call from the driver's connection.
    @discardableResult
    func callDaemon(_ method: String, _ arguments: [Value]) async throws -> [Value] {
        try await connection.call(
            destination: Self.daemonName, path: Center1.path, interface: Center1.interface,
            method: method, arguments)
    }

    /// The fake server's log lines that start with `kind` (`invoked`, `notify`), as (title, nanoseconds).
    func serverLogEntries(_ kind: String) throws -> [(title: String, nanoseconds: Int64)] {
        try Self.entries(kind, in: serverLog)
    }

    /// Lines `KIND TITLE NANOSECONDS` of a log file.
    static func entries(_ kind: String, in file: URL) throws -> [(title: String, nanoseconds: Int64)] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard words.count == 3, words[0] == kind, let ns = Int64(words[2]) else { return nil }
            return (String(words[1]), ns)
        }
    }
}

/// A benchmark that could not be run, and why.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
