import Foundation
import Synchronization

/// A desktop for end-to-end tests: Xvfb and a real notification server (dunst unless told
/// otherwise) on a private bus; dunst is configured by `Tests/EndToEndTests/Fixtures`. A test
/// drives it as a user does: `dunstctl` to click, pick and dismiss, and xdotool to click the
/// notification windows with a real mouse.
public final class TestDesktop: Sendable {
    /// The X display, e.g. `:3`.
    public let display: String
    public let bus: PrivateBus
    /// The notification server it runs.
    public let server: NotificationServerKind
    private let xvfb: ManagedProcess
    private let serverProcess: Mutex<ManagedProcess?>
    /// The file pick-action reads: which action `dunstctl context` chooses.
    let pickFile: URL
    /// Where pick-action copies the menu dunst gave it.
    var menuFile: URL { URL(filePath: pickFile.path + ".menu") }
    /// The file record-shown appends to: what dunst put on screen.
    let shownFile: URL

    /// The fixtures directory in the source tree.
    public static let fixtures = URL(filePath: #filePath).deletingLastPathComponent()
        .appending(path: "../../Tests/EndToEndTests/Fixtures").standardized

    /// Starts Xvfb and `server` on `bus`; returns once it owns `org.freedesktop.Notifications`.
    public init(bus: PrivateBus, server: NotificationServerKind = .dunst) async throws {
        self.bus = bus
        self.server = server
        try server.release.check()
        pickFile = bus.directory.appending(path: "pick")
        try "".write(to: pickFile, atomically: true, encoding: .utf8)
        shownFile = bus.directory.appending(path: "shown")
        try "".write(to: shownFile, atomically: true, encoding: .utf8)
        (xvfb, display) = try Xvfb.start(screen: "1280x1024")
        serverProcess = Mutex(nil)
        try await startServer()
    }

    deinit {
        _ = serverProcess.withLock { $0?.stop() }
        xvfb.stop()
    }

    /// The environment of a program on this desktop.
    public var environment: [String: String] {
        var env = bus.environment
        env["DISPLAY"] = display
        env["PATH"] = Self.fixtures.path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["USERNOTED_TEST_PICK_FILE"] = pickFile.path
        env["XDG_CONFIG_HOME"] = bus.directory.appending(path: "config").path
        env["USERNOTED_TEST_SHOWN_FILE"] = shownFile.path
        return env
    }

    /// Starts the server (again) and waits until it owns its name.
    public func startServer() async throws {
        let (program, arguments) = server.release.command(server.executable, server.arguments)
        let process = try await bus.start(
            program, arguments, environment: environment.merging(server.environment) { $1 },
            owning: "org.freedesktop.Notifications")
        serverProcess.withLock { $0 = process }
    }

    /// Stops the server (SIGTERM: it quits; SIGKILL: it crashes), as when the user's notification server goes away.
    public func stopServer(signal: Int32 = SIGTERM) {
        _ = serverProcess.withLock { $0?.stop(signal: signal) }
    }

    /// Runs `dunstctl` with `arguments`, failing on a non-zero exit.
    @discardableResult
    public func dunstctl(_ arguments: String...) throws -> String {
        let (program, commandLine) = server.release.command("dunstctl", arguments)
        let result = try Command.run(program, commandLine, environment: environment)
        guard result.succeeded else {
            throw TestSupportError("dunstctl \(arguments.joined(separator: " ")) failed: \(result.errors)")
        }
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// How many notifications dunst shows now.
    public func displayedCount() throws -> Int { Int(try dunstctl("count", "displayed")) ?? -1 }

    /// Opens dunst's context menu and picks the action with `key` (of notification `id`, if given).
    public func pick(_ key: String, of id: UInt32? = nil) throws {
        try ([key] + (id.map { ["\($0)"] } ?? [])).joined(separator: "\n").write(to: pickFile, atomically: true, encoding: .utf8)
        try dunstctl("context")
    }

    /// Clicks the notification at `index` (0 = top) with a real mouse button (1 left, 2 middle, 3 right).
    public func click(button: Int = 1, notification index: Int = 0) throws {
        let y = 50 * index + 25
        let result = try Command.run(
            "xdotool", ["mousemove", "200", "\(y)", "click", "\(button)"], environment: environment)
        guard result.succeeded else { throw TestSupportError("xdotool failed: \(result.errors)") }
    }

    /// The server's notification windows on screen, top to bottom (its small helper windows left out).
    public func notificationWindows() throws -> [WindowFrame] {
        let search = try Command.run("xdotool", ["search", "--onlyvisible", "--class", server.windowClass], environment: environment)
        return try search.output.split(separator: "\n").compactMap { id in
            let geometry = try Command.run("xdotool", ["getwindowgeometry", "--shell", String(id)], environment: environment)
            return WindowFrame(shell: geometry.output)
        }.filter { $0.width > 20 && $0.height > 20 }.sorted { $0.y < $1.y }
    }

    /// Clicks at `x`, `y` on the screen with a real mouse button.
    public func click(x: Int, y: Int, button: Int = 1) throws {
        let result = try Command.run("xdotool", ["mousemove", "\(x)", "\(y)", "click", "\(button)"], environment: environment)
        guard result.succeeded else { throw TestSupportError("xdotool failed: \(result.errors)") }
    }
}

/// Where a window is on the screen.
public struct WindowFrame: Sendable, Hashable {
    public var x, y, width, height: Int

    /// Reads `xdotool getwindowgeometry --shell` output; nil without a size.
    init?(shell: String) {
        var fields: [String: Int] = [:]
        for line in shell.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Int(parts[1]) { fields[String(parts[0])] = value }
        }
        guard let x = fields["X"], let y = fields["Y"], let width = fields["WIDTH"], let height = fields["HEIGHT"] else { return nil }
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }
}
