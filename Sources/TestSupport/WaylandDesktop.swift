import DBus
import Foundation
import Synchronization

/// A Wayland desktop for end-to-end tests: a sway (the pixman renderer: no GPU) and a
/// notification server inside it, on a private bus. sway refuses to run as root, so both run
/// as a ``ThrowawayUser`` with a runtime directory of its own; only root can add one
/// (``unavailable`` says why a machine cannot run it).
public final class WaylandDesktop: Sendable {
    /// A notification server that needs a Wayland compositor.
    public enum Server: String, Sendable, CustomStringConvertible {
        /// mako 1.7 (Debian's mako-notifier), driven with `makoctl`.
        case mako
        /// SwayNotificationCenter 0.7 (Debian's sway-notification-center), driven with `swaync-client`.
        case swaync

        public var description: String { rawValue }
    }

    /// What the user has to reach sway with.
    public enum Seat: Sendable {
        /// Nothing: wlroots' headless backend, which has no input devices (the servers are
        /// driven with their own commands).
        case headless
        /// A pointer and a keyboard: sway in a window of an Xvfb (wlroots' X11 backend), whose
        /// pointer and keyboard ``click(x:y:)`` and ``type(_:)`` move and press as a user would.
        case xvfb
    }

    public let bus: PrivateBus
    public let server: Server
    /// Where sway and the server come from.
    public let release: DebianRelease
    private let user: ThrowawayUser
    private let runtime: URL
    /// The compositor's socket, e.g. `wayland-1`.
    private let display: String
    private let sway: ManagedProcess
    private let serverProcess: Mutex<ManagedProcess?>
    /// The Xvfb sway runs in, and its display, for ``Seat/xvfb``.
    private let xvfb: (process: ManagedProcess, display: String)?

    /// The Xvfb display sway runs in (``Seat/xvfb``); nil when headless.
    public var xDisplay: String? { xvfb?.display }

    /// The user's config directory (`~/.config`), where the server reads its config.
    public var configDirectory: URL { URL(filePath: user.home).appending(path: ".config") }

    /// Why this machine cannot run it, or nil when it can.
    public static var unavailable: String? {
        if getuid() != 0 { return "sway refuses root, so it runs as a throwaway user, and only root can add one (CI runs as root)" }
        for program in ["sway", "mako", "makoctl", "swaync", "swaync-client", "jq", "busctl", "setpriv", "useradd"]
        where (try? ManagedProcess.which(program)) == nil {
            return "\(program) is not installed (scripts/install-deps --test installs what is missing)"
        }
        return nil
    }

    /// Starts sway with `seat` and `server`, from `release`'s packages, as a new throwaway user
    /// whose `~/.config` holds `config` (relative path: contents), e.g. the server's config
    /// file; returns once the server owns `org.freedesktop.Notifications` on `bus`.
    public init(
        bus: PrivateBus, server: Server, release: DebianRelease = .host, seat: Seat = .headless, config: [String: String] = [:]
    ) async throws {
        self.bus = bus
        self.server = server
        self.release = release
        try release.check()
        let user = try ThrowawayUser.create(for: release)
        self.user = user
        runtime = try user.runtimeDirectory(under: bus.directory)
        let home = URL(filePath: user.home).appending(path: ".config")
        for (path, contents) in config {
            let file = home.appending(path: path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: file, atomically: true, encoding: .utf8)
        }
        if !config.isEmpty { try user.own(home.path) }
        var environment = user.environment(runtime: runtime, sessionBus: bus.address, systemBus: bus.noSystemBus)
        environment["WLR_RENDERER"] = "pixman"
        let output: String
        switch seat {
        case .headless:
            (xvfb, output) = (nil, "HEADLESS-1")
            environment["WLR_BACKENDS"] = "headless"
            environment["WLR_LIBINPUT_NO_DEVICES"] = "1"
        case .xvfb:
            let started = try Xvfb.start(screen: "1280x720")
            (xvfb, output) = (started, "X11-1")
            environment["WLR_BACKENDS"] = "x11"
            environment["DISPLAY"] = started.display
        }
        let swayConfig = bus.directory.appending(path: "sway.conf")
        try "output \(output) resolution 1280x720\n".write(to: swayConfig, atomically: true, encoding: .utf8)
        let (program, arguments) = release.command("setpriv", user.setprivArguments + ["sway", "-c", swayConfig.path])
        (sway, _) = try ManagedProcess.start(program, arguments, environment: environment)
        serverProcess = Mutex(nil)
        let runtime = runtime
        let sway = sway
        display = try await withDeadline(.seconds(10), "sway's Wayland socket") {
            while true {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: runtime.path)) ?? []
                if let socket = names.first(where: { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }) { return socket }
                guard sway.isRunning else { throw TestSupportError("sway quit: \(sway.log)") }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        try await startServer()
    }

    deinit {
        _ = serverProcess.withLock { $0?.stop() }
        sway.stop()
        xvfb?.process.stop()
        user.delete()
    }

    /// The environment of a program of the user inside sway.
    private var userEnvironment: [String: String] {
        var environment = user.environment(runtime: runtime, sessionBus: bus.address, systemBus: bus.noSystemBus)
        environment["WAYLAND_DISPLAY"] = display
        return environment
    }

    /// Starts the server (again) and waits until it owns its name.
    public func startServer() async throws {
        let (program, arguments) = release.command("setpriv", user.setprivArguments + [server.rawValue])
        let process = try await bus.start(program, arguments, environment: userEnvironment, owning: "org.freedesktop.Notifications")
        serverProcess.withLock { $0 = process }
    }

    /// Stops the server (SIGTERM: it quits; SIGKILL: it crashes).
    public func stopServer(signal: Int32 = SIGTERM) {
        _ = serverProcess.withLock { $0?.stop(signal: signal) }
    }

    /// Runs a program of the user's (`makoctl`, `swaync-client`) inside the desktop, as the
    /// user would in a terminal; its standard output, or an error saying how it failed.
    @discardableResult
    public func run(_ program: String, _ arguments: String...) throws -> String {
        let (runner, commandLine) = release.command("setpriv", user.setprivArguments + [program] + arguments)
        let result = try Command.run(runner, commandLine, environment: userEnvironment)
        guard result.succeeded else {
            throw TestSupportError("\(program) \(arguments.joined(separator: " ")) failed: \(result.errors)")
        }
        return result.output
    }

    /// Moves the pointer to (`x`, `y`) of the screen and clicks there (``Seat/xvfb`` only).
    public func click(x: Int, y: Int) throws {
        try xdotool("mousemove", "--sync", "\(x)", "\(y)", "sleep", "0.2", "click", "1")
    }

    /// Types `text` on the keyboard, then presses `key` when given (``Seat/xvfb`` only).
    public func type(_ text: String, thenPress key: String? = nil) throws {
        try xdotool("type", "--delay", "20", text)
        if let key { try xdotool("key", key) }
    }

    /// Runs `change` and waits until the screen changed and then looked the same for 400 ms
    /// (``Seat/xvfb`` only): a server's popup slides in and takes the keyboard only once it is
    /// there, so a click before that lands beside it or types into nothing.
    public func waitUntilStill(after change: () async throws -> Void, within timeout: Duration = .seconds(15)) async throws {
        let before = try screenDigest()
        try await change()
        let deadline = ContinuousClock.now + timeout
        var image = before, since = ContinuousClock.now
        while image == before || ContinuousClock.now - since < .milliseconds(400) {
            let now = try screenDigest()
            if now != image { (image, since) = (now, .now) }
            guard ContinuousClock.now < deadline else { throw TestSupportError("the screen did not \(image == before ? "change" : "settle") within \(timeout)") }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    /// A digest of the screen's pixels (xwd). A screen that cannot be read is an error, not
    /// a screen that never changes.
    private func screenDigest() throws -> String {
        guard let xvfb else { throw TestSupportError("a headless sway has no screen to read: start the desktop with seat: .xvfb") }
        let shot = bus.directory.appending(path: "screen.xwd").path
        let result = try Command.run("sh", ["-c", #"xwd -root -silent -display "$1" -out "$2" && md5sum < "$2""#, "sh", xvfb.display, shot])
        guard result.succeeded else {
            throw TestSupportError("xwd cannot read the screen (x11-apps: scripts/install-deps --test installs it): \(result.errors)")
        }
        return result.output
    }

    private func xdotool(_ arguments: String...) throws {
        guard let xvfb else { throw TestSupportError("a headless sway has no pointer or keyboard: start the desktop with seat: .xvfb") }
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = xvfb.display
        let result = try Command.run("xdotool", arguments, environment: environment)
        guard result.succeeded else { throw TestSupportError("xdotool \(arguments.joined(separator: " ")) failed: \(result.errors)") }
    }

    /// The ids of the notifications mako shows, newest first: its own interface's
    /// `ListNotifications` (what `makoctl list` shows, in every version: 1.7's makoctl prints
    /// it as JSON, 1.10's as text).
    public func makoNotificationIDs() async throws -> [UInt32] {
        let connection = try await bus.connect()
        defer { connection.close() }
        let reply = try await connection.call(
            destination: "org.freedesktop.Notifications", path: "/fr/emersion/Mako", interface: "fr.emersion.Mako",
            method: "ListNotifications")
        guard case .array(_, let notifications)? = reply.first else { throw TestSupportError("mako's ListNotifications answered \(reply)") }
        return notifications.compactMap { notification in
            guard case .dictionary(_, _, let entries) = notification else { return nil }
            guard case .variant(.uint32(let id))? = entries.first(where: { $0.key == .string("id") })?.value else { return nil }
            return id
        }
    }
}
