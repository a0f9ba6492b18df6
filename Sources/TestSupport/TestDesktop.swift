import Foundation
import Synchronization

/// A desktop for end-to-end tests: Xvfb and a real dunst on a private bus, configured by
/// `Tests/EndToEndTests/Fixtures`. A test drives it as a user does: `dunstctl` to click,
/// pick and dismiss, and xdotool to click the notification window with a real mouse.
public final class TestDesktop: Sendable {
    /// The X display, e.g. `:3`.
    public let display: String
    public let bus: PrivateBus
    private let xvfb: ManagedProcess
    private let dunst: Mutex<ManagedProcess?>
    /// The file pick-action reads: which action `dunstctl context` chooses.
    let pickFile: URL
    /// Where pick-action copies the menu dunst gave it.
    var menuFile: URL { URL(filePath: pickFile.path + ".menu") }
    /// The file record-shown appends to: what dunst put on screen.
    let shownFile: URL

    /// The fixtures directory in the source tree.
    public static let fixtures = URL(filePath: #filePath).deletingLastPathComponent()
        .appending(path: "../../Tests/EndToEndTests/Fixtures").standardized

    /// Starts Xvfb and dunst on `bus`; returns once dunst owns `org.freedesktop.Notifications`.
    public init(bus: PrivateBus) async throws {
        self.bus = bus
        pickFile = bus.directory.appending(path: "pick")
        try "".write(to: pickFile, atomically: true, encoding: .utf8)
        shownFile = bus.directory.appending(path: "shown")
        try "".write(to: shownFile, atomically: true, encoding: .utf8)
        let (xvfb, number) = try ManagedProcess.start(
            "Xvfb", ["-displayfd", "1", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"], readFirstLine: true)
        guard let number, !number.isEmpty else { throw TestSupportError("Xvfb did not start: \(xvfb.log)") }
        self.xvfb = xvfb
        display = ":\(number)"
        dunst = Mutex(nil)
        try await startServer()
    }

    deinit {
        _ = dunst.withLock { $0?.stop() }
        xvfb.stop()
    }

    /// The environment of a program on this desktop.
    public var environment: [String: String] {
        var env = bus.environment
        env["DISPLAY"] = display
        env["PATH"] = Self.fixtures.path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["USERNOTED_TEST_PICK_FILE"] = pickFile.path
        env["USERNOTED_TEST_SHOWN_FILE"] = shownFile.path
        return env
    }

    /// Starts dunst (again) and waits until it owns its name.
    public func startServer() async throws {
        let watcher = try bus.connect()
        let changes = try await watcher.nameOwnerChanges(of: "org.freedesktop.Notifications")
        let (process, _) = try ManagedProcess.start(
            "dunst", ["-config", Self.fixtures.appending(path: "dunstrc").path], environment: environment)
        dunst.withLock { $0 = process }
        _ = try await withDeadline(.seconds(10), "dunst owning org.freedesktop.Notifications") {
            for await change in changes where !change.newOwner.isEmpty { return true }
            return false
        }
    }

    /// Stops dunst (SIGTERM: it quits; SIGKILL: it crashes), as when the user's notification server goes away.
    public func stopServer(signal: Int32 = SIGTERM) {
        _ = dunst.withLock { $0?.stop(signal: signal) }
    }

    /// Runs `dunstctl` with `arguments`, failing on a non-zero exit.
    @discardableResult
    public func dunstctl(_ arguments: String...) throws -> String {
        let result = try Command.run("dunstctl", arguments, environment: environment)
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
}
