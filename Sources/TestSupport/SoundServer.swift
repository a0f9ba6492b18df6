import Foundation

/// A sound server of the test's own, as a desktop runs one: PipeWire, its PulseAudio server
/// (`pipewire-pulse`, which libcanberra's pulse backend speaks to) and WirePlumber (which links
/// each new stream to the default sink), in a runtime directory of its own on a bus of its own,
/// with a null sink as the only output: a stream plays in real time, to nobody.
/// ``StreamWatch`` sees each stream that starts (`pactl subscribe`) and what it plays.
public final class SoundServer: Sendable {
    /// The session bus WirePlumber needs.
    private let bus: PrivateBus
    /// Its `XDG_RUNTIME_DIR`, and its programs' home.
    public let directory: URL
    private let processes: [ManagedProcess]

    /// `PULSE_SERVER` for a client of this server.
    public var pulseServer: String { "unix:" + directory.appending(path: "pulse/native").path }

    /// The environment of `pactl` talking to this server.
    public var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["PULSE_SERVER"] = pulseServer
        env["XDG_RUNTIME_DIR"] = directory.path
        return env
    }

    /// Starts the three and returns once the null sink is the default.
    public init() async throws {
        bus = try PrivateBus()
        directory = bus.directory.appending(path: "sound")
        try FileManager.default.createDirectory(at: directory.appending(path: "home"), withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
        var env = bus.environment
        env["XDG_RUNTIME_DIR"] = directory.path
        env["HOME"] = directory.appending(path: "home").path
        env["XDG_CONFIG_HOME"] = directory.appending(path: "home/config").path
        env["XDG_STATE_HOME"] = directory.appending(path: "home/state").path
        env["DISPLAY"] = nil
        env["WAYLAND_DISPLAY"] = nil
        var started: [ManagedProcess] = []
        do {
            started.append(try ManagedProcess.start("pipewire", [], environment: env).0)
            try await Self.waitFor(directory.appending(path: "pipewire-0"), "pipewire's socket", processes: started)
            started.append(try ManagedProcess.start("pipewire-pulse", [], environment: env).0)
            started.append(try ManagedProcess.start("wireplumber", [], environment: env).0)
            processes = started
            try await Self.waitFor(directory.appending(path: "pulse/native"), "pipewire-pulse's socket", processes: started)
            let load = try Command.run("pactl", ["load-module", "module-null-sink", "sink_name=usernoted-test"], environment: environment)
            guard load.succeeded else { throw TestSupportError("pactl load-module: \(load.errors)") }
            let environment = environment
            _ = try await withDeadline(.seconds(15), "the null sink as the default sink") {
                while try Command.run("pactl", ["get-default-sink"], environment: environment).output
                    .trimmingCharacters(in: .whitespacesAndNewlines) != "usernoted-test" {
                    try await Task.sleep(for: .milliseconds(50))
                }
                return true
            }
        } catch {
            let logs = started.map { $0.log.suffix(600) }.joined(separator: "\n---\n")
            started.forEach { _ = $0.stop() }
            throw TestSupportError("\(error); the sound server's logs: \(logs)")
        }
    }

    deinit { processes.reversed().forEach { _ = $0.stop() } }

    private static func waitFor(_ socket: URL, _ what: String, processes: [ManagedProcess]) async throws {
        try await waitUntil(what, within: .seconds(15)) { FileManager.default.fileExists(atPath: socket.path) }
    }

    /// Starts watching for streams; what starts from now on is in the watch.
    public func watchStreams() async throws -> StreamWatch { try await StreamWatch(server: self) }
}

/// The streams that start on a ``SoundServer`` while it watches: `pactl subscribe` reports each
/// new sink input, and `pactl list sink-inputs`, asked at once (an event sound plays for most
/// of a second), tells what it plays.
public final class StreamWatch: Sendable {
    private let server: SoundServer
    private let subscription: ManagedProcess
    private let events: URL

    fileprivate init(server: SoundServer) async throws {
        self.server = server
        events = server.directory.appending(path: "subscribe-\(UUID().uuidString.prefix(8)).log")
        subscription = try ManagedProcess.start("pactl", ["subscribe"], environment: server.environment, standardOutput: events).0
        // pactl prints nothing once it has subscribed: a change to the sink, made until pactl
        // reports one, marks that it has.
        _ = try await withDeadline(.seconds(10), "pactl subscribed") { [events, environment = server.environment] in
            while true {
                _ = try Command.run("pactl", ["set-sink-mute", "usernoted-test", "toggle"], environment: environment)
                if let text = try? String(contentsOf: events, encoding: .utf8), text.contains("on sink #") { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            _ = try Command.run("pactl", ["set-sink-mute", "usernoted-test", "0"], environment: environment)
            return true
        }
    }

    deinit { _ = subscription.stop() }

    /// The indices of the sink inputs that started so far.
    public var started: [String] {
        let text = (try? String(contentsOf: events, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("Event 'new' on sink-input #") else { return nil }
            return String(line.dropFirst("Event 'new' on sink-input #".count))
        }
    }

    /// Waits for the next stream after the first `after` and returns its `event.id` (nil: it has none,
    /// or had ended before it was asked).
    public func next(after count: Int, within timeout: Duration = .seconds(10)) async throws -> (index: String, eventID: String?) {
        let index = try await withDeadline(timeout, "a sound stream (stream \(count + 1))") { [self] in
            while true {
                let started = started
                if started.count > count { return started[count] }
                try await Task.sleep(for: .milliseconds(10))
            }
        }
        return (index, eventID(of: index))
    }

    /// The `event.id` of sink input `index`, if it still plays.
    public func eventID(of index: String) -> String? {
        guard let listing = try? Command.run("pactl", ["list", "sink-inputs"], environment: server.environment).output else { return nil }
        let blocks = listing.components(separatedBy: "Sink Input #").dropFirst()
        guard let block = blocks.first(where: { $0.hasPrefix(index + "\n") }) else { return nil }
        for line in block.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("event.id = ") { return trimmed.dropFirst("event.id = ".count).trimmingCharacters(in: ["\""]) }
        }
        return nil
    }
}
