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

    /// Starts sway and `server` as a new throwaway user; returns once the server owns
    /// `org.freedesktop.Notifications` on `bus`.
    public init(bus: PrivateBus, server: Server) async throws {
        self.bus = bus
        self.server = server
        let user = try ThrowawayUser.create()
        self.user = user
        runtime = try user.runtimeDirectory(under: bus.directory)
        let config = bus.directory.appending(path: "sway.conf")
        try "output HEADLESS-1 resolution 1280x720\n".write(to: config, atomically: true, encoding: .utf8)
        var environment = user.environment(runtime: runtime, sessionBus: bus.address, systemBus: bus.noSystemBus)
        environment["WLR_BACKENDS"] = "headless"
        environment["WLR_LIBINPUT_NO_DEVICES"] = "1"
        environment["WLR_RENDERER"] = "pixman"
        (sway, _) = try ManagedProcess.start("setpriv", user.setprivArguments + ["sway", "-c", config.path], environment: environment)
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
        let process = try await bus.start(
            "setpriv", user.setprivArguments + [server.rawValue], environment: userEnvironment, owning: "org.freedesktop.Notifications")
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
        let result = try Command.run("setpriv", user.setprivArguments + [program] + arguments, environment: userEnvironment)
        guard result.succeeded else {
            throw TestSupportError("\(program) \(arguments.joined(separator: " ")) failed: \(result.errors)")
        }
        return result.output
    }

    /// The ids of the notifications mako shows, newest first (`makoctl list`).
    public func makoNotificationIDs() throws -> [UInt32] {
        struct List: Decodable {
            struct Entry: Decodable {
                struct ID: Decodable { var data: UInt32 }
                var id: ID
            }
            var data: [[Entry]]
        }
        let list = try JSONDecoder().decode(List.self, from: Data(try run("makoctl", "list").utf8))
        return list.data.first?.map(\.id.data) ?? []
    }
}
