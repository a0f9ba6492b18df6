import UsernotedAPI
import DBus
import Foundation
import Synchronization
import TestSupport

/// What a drill runs on: a private bus, a notification server, and the built usernoted with
/// the drills' settings, which a drill may kill and start again on the same state.
final class Rig: Sendable {
    /// Which notification server shows the notifications.
    enum Server {
        /// dunst under Xvfb: real windows, real clicks.
        case dunst
        /// TestSupport's in-process server: fast, and the drill plays the user by emitting its signals.
        case fake
        /// None: for drills that only schedule.
        case none
    }

    /// The drills' config.toml: retries quick enough to watch, a handler timeout of 1 s.
    static let settings = """
        [delivery]
        firstRetrySeconds = 0.2
        maxRetrySeconds = 2
        handlerTimeoutSeconds = 1
        """

    let bus: PrivateBus
    let desktop: TestDesktop?
    let fake: FakeNotificationServer?
    /// The apps' connection to the Center.
    let center: Proxy
    private let environment: [String: String]
    private let arguments: [String]
    private let current: Mutex<DaemonProcess?>

    init(server: Server, settings: String = Rig.settings) async throws {
        bus = try PrivateBus()
        switch server {
        case .dunst:
            desktop = try await TestDesktop(bus: bus)
            fake = nil
        case .fake:
            desktop = nil
            fake = try await FakeNotificationServer(bus: bus)
        case .none:
            (desktop, fake) = (nil, nil)
        }
        environment = desktop?.environment ?? bus.environment
        let file = bus.directory.appending(path: "drills.toml")
        try settings.write(to: file, atomically: true, encoding: .utf8)
        arguments = ["--config", file.path]
        current = Mutex(nil)
        let daemon = try await DaemonProcess(bus: bus, environment: environment, arguments: arguments)
        current.withLock { $0 = daemon }
        center = Proxy.usernotedCenter(on: try await bus.connect())
    }

    /// The daemon running now.
    var daemon: DaemonProcess { current.withLock { $0! } }

    /// Kills the daemon with SIGKILL (no chance to clean up), then starts it again on the same
    /// state; returns once the new one owns its name.
    func crashAndRestart() async throws {
        crash()
        try await start()
    }

    /// Kills the daemon with SIGKILL and waits until it is gone.
    func crash() {
        let old = current.withLock { daemon in
            defer { daemon = nil }
            return daemon
        }
        old?.process.stop(signal: SIGKILL)
    }

    /// Starts the daemon (after `crash()`) on the same state.
    func start() async throws {
        let daemon = try await DaemonProcess(bus: bus, environment: environment, arguments: arguments)
        current.withLock { $0 = daemon }
    }

    /// The daemon's state database.
    var stateFile: URL { daemon.home.appending(path: "state/usernoted/state.sqlite") }

    /// The daemon's memory now and at its peak.
    var memory: ProcessMemory? { ProcessMemory(pid: daemon.process.pid) }

    /// Calls a Center1 method; returns its string result, if it has one.
    @discardableResult
    func call(_ method: String, _ arguments: Value...) async throws -> String? {
        try await center.call(method, arguments).first?.as(String.self)
    }

    /// A handler for `app` on a new connection that owns the app id as its bus name, so the
    /// registration outlives the connection; answers `disposition`.
    func handler(for app: String, disposition: String = "dismiss") async throws -> Tally {
        let tally = try await Tally.owning(app, on: bus, disposition: disposition)
        _ = try await Proxy.usernotedCenter(on: tally.connection).call("RegisterHandler", [.string(app), .objectPath(Tally.path)])
        return tally
    }
}
