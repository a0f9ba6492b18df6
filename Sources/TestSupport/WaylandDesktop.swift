import DBus
import Foundation
import Synchronization

/// A Wayland desktop for end-to-end tests: a headless sway (wlroots' headless backend, the
/// pixman renderer: no GPU) and a notification server inside it, on a private bus. sway
/// refuses to run as root, so both run as a ``ThrowawayUser`` with a runtime directory of its
/// own; only root can add one (``unavailable`` says why a machine cannot run it).
public final class WaylandDesktop: Sendable {
    /// A notification server that needs a Wayland compositor.
    public enum Server: String, Sendable, CustomStringConvertible {
        /// mako 1.7 (Debian's mako-notifier), driven with `makoctl`.
        case mako
        /// SwayNotificationCenter 0.7 (Debian's sway-notification-center), driven with `swaync-client`.
        case swaync

        public var description: String { rawValue }
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

    /// Why this machine cannot run it, or nil when it can.
    public static var unavailable: String? {
        if getuid() != 0 { return "sway refuses root, so it runs as a throwaway user, and only root can add one (CI runs as root)" }
        for program in ["sway", "mako", "makoctl", "swaync", "swaync-client", "jq", "busctl", "setpriv", "useradd"]
        where (try? ManagedProcess.which(program)) == nil {
            return "\(program) is not installed (scripts/install-deps --test installs what is missing)"
        }
        return nil
    }

    /// Starts sway and `server`, from `release`'s packages, as a new throwaway user; returns
    /// once the server owns `org.freedesktop.Notifications` on `bus`.
    public init(bus: PrivateBus, server: Server, release: DebianRelease = .host) async throws {
        self.bus = bus
        self.server = server
        self.release = release
        try release.check()
        let user = try ThrowawayUser.create(for: release)
        self.user = user
        runtime = try user.runtimeDirectory(under: bus.directory)
        let config = bus.directory.appending(path: "sway.conf")
        try "output HEADLESS-1 resolution 1280x720\n".write(to: config, atomically: true, encoding: .utf8)
        var environment = user.environment(runtime: runtime, sessionBus: bus.address, systemBus: bus.noSystemBus)
        environment["WLR_BACKENDS"] = "headless"
        environment["WLR_LIBINPUT_NO_DEVICES"] = "1"
        environment["WLR_RENDERER"] = "pixman"
        let (program, arguments) = release.command("setpriv", user.setprivArguments + ["sway", "-c", config.path])
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
