import DBus
import Foundation
import Synchronization

/// GNOME Shell headless (its own Wayland compositor on a virtual 1280×720 monitor, no GPU)
/// for end-to-end tests: Debian 12's 43, or Debian 13's 48 from its chroot. Clicked as a user
/// clicks: the pointer moved and pressed through mutter's `org.gnome.Mutter.RemoteDesktop`.
/// It runs as a ``ThrowawayUser`` (as root it shows a warning banner where notifications go), on the test's private bus with a second
/// one standing in for the system bus; its notifications helper
/// (`org.gnome.Shell.Notifications`, which owns `org.freedesktop.Notifications`) is started
/// by D-Bus activation, as in a session.
public final class GnomeShell: Sendable {
    /// Where a banner's parts are on the 1280×720 monitor: the body, and (once the pointer is
    /// on it, which expands it) the first and second buttons. `default` is not a button.
    public enum Spot: Sendable {
        case body, firstButton, secondButton

        /// Where it is on `release`'s shell: 48's banner is lower, its buttons closer together.
        func point(on release: DebianRelease) -> (x: Double, y: Double) {
            switch (self, release == .host) {
            case (.body, true): (640, 60)
            case (.firstButton, true): (390, 112)
            case (.secondButton, true): (643, 112)
            case (.body, false): (640, 80)
            case (.firstButton, false): (516, 143)
            case (.secondButton, false): (766, 143)
            }
        }
    }

    public let bus: PrivateBus
    /// Where the shell comes from.
    public let release: DebianRelease
    private let systemBus: PrivateBus
    private let user: ThrowawayUser
    private let runtime: URL
    private let shell: Mutex<ManagedProcess?>

    /// Why this machine cannot run it, or nil when it can.
    public static var unavailable: String? {
        if getuid() != 0 { return "GNOME Shell runs as a throwaway user, and only root can add one (CI runs as root)" }
        guard (try? ManagedProcess.which("gnome-shell")) != nil, (try? ManagedProcess.which("gjs")) != nil else {
            return "GNOME Shell is not installed: apt-get install --no-install-recommends gnome-shell gjs (.ci/run does)"
        }
        return nil
    }

    /// The service directory a bus needs to start `release`'s notifications helper (through
    /// `chroot` for a chroot's).
    public static func serviceDirectory(for release: DebianRelease = .host) throws -> URL {
        let directory = try TemporaryDirectory.make(prefix: "usernoted-gnome-services")
        let name = "org.gnome.Shell.Notifications.service"
        let service = try String(contentsOfFile: (release.root ?? "") + "/usr/share/dbus-1/services/" + name, encoding: .utf8)
        let exec = service.split(separator: "\n").first { $0.hasPrefix("Exec=") }.map { String($0.dropFirst(5)) } ?? ""
        let (program, arguments) = release.command(exec, [])
        let rewritten = service.replacingOccurrences(of: "Exec=" + exec, with: "Exec=" + ([program] + arguments).joined(separator: " "))
        try rewritten.write(to: directory.appending(path: name), atomically: true, encoding: .utf8)
        return directory
    }

    /// Starts `release`'s shell on `bus` (made with ``serviceDirectory(for:)`` among its
    /// service directories); returns once `org.freedesktop.Notifications` has an owner.
    public init(bus: PrivateBus, release: DebianRelease = .host) async throws {
        self.bus = bus
        self.release = release
        try release.check()
        systemBus = try PrivateBus()
        let user = try ThrowawayUser.create(for: release)
        self.user = user
        runtime = try user.runtimeDirectory(under: bus.directory)
        // The first-login dialogs would take the place banners go: marked as seen.
        let home = URL(filePath: user.home)
        try FileManager.default.createDirectory(at: home.appending(path: ".local/share/gnome-shell"), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: home.appending(path: ".local/share/gnome-shell/lock-warning-shown").path, contents: nil)
        let settings = home.appending(path: ".config/glib-2.0/settings")
        try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
        // The pointer reaches (0, 0) by a long move: the hot corner there would open the
        // overview (48 starts in it; a click there then dismisses instead of pressing).
        try "[org/gnome/shell]\nwelcome-dialog-last-shown-version='999'\n\n[org/gnome/desktop/interface]\nenable-hot-corners=false\n"
            .write(to: settings.appending(path: "keyfile"), atomically: true, encoding: .utf8)
        try user.own(user.home)
        shell = Mutex(nil)
        try await start()
    }

    deinit {
        _ = shell.withLock { $0?.stop() }
        user.delete()
    }

    /// Starts the shell (again) and waits until `org.freedesktop.Notifications` has an owner: the
    /// helper the shell starts (a killed shell's helper quits, as it watches `org.gnome.Shell`).
    public func start() async throws {
        var environment = user.environment(runtime: runtime, sessionBus: bus.address, systemBus: systemBus.address)
        environment["GSETTINGS_BACKEND"] = "keyfile"
        let (program, arguments) = release.command(
            "setpriv", user.setprivArguments + ["gnome-shell", "--headless", "--wayland", "--no-x11", "--virtual-monitor", "1280x720"])
        let process = try await bus.start(
            program, arguments, environment: environment, owning: "org.freedesktop.Notifications", within: .seconds(30))
        shell.withLock { $0 = process }
    }

    /// Stops the shell (SIGKILL: it crashes).
    public func stop(signal: Int32 = SIGTERM) {
        _ = shell.withLock { $0?.stop(signal: signal) }
    }

    /// Moves the pointer onto the newest banner (which expands it), then clicks `spot`.
    public func click(_ spot: Spot) async throws {
        try await remoteDesktop { send in
            func move(by dx: Double, _ dy: Double) async throws { try await send("NotifyPointerMotionRelative", [.double(dx), .double(dy)]) }
            try await move(by: -5000, -5000)  // to the top left corner, where relative moves start from
            let (body, target) = (Spot.body.point(on: release), spot.point(on: release))
            try await move(by: body.x, body.y)
            try await Task.sleep(for: .milliseconds(600))  // the banner expands under the pointer
            try await move(by: target.x - body.x, target.y - body.y)
            try await Task.sleep(for: .milliseconds(300))
            try await send("NotifyPointerButton", [.int32(272), .boolean(true)])  // BTN_LEFT
            try await send("NotifyPointerButton", [.int32(272), .boolean(false)])
        }
    }

    /// Where a keyboard user reaches a notification: the newest banner (Super+N), or the
    /// message list under the clock (Super+V), whose newest notification takes the focus.
    public enum Place: Sendable {
        case banner, messageList

        /// The keysym pressed with Super to get there.
        var shortcut: UInt32 {
            switch self {
            case .banner: 0x6e  // n
            case .messageList: 0x76  // v
            }
        }
    }

    /// Goes to `place` as a keyboard user does: Super+N focuses the newest banner, Super+V opens
    /// the message list, whose newest notification takes the focus.
    public func open(_ place: Place) async throws {
        try await remoteDesktop { send in
            try await send("NotifyKeyboardKeysym", [.uint32(0xffeb), .boolean(true)])  // Super_L
            try await send("NotifyKeyboardKeysym", [.uint32(place.shortcut), .boolean(true)])
            try await send("NotifyKeyboardKeysym", [.uint32(place.shortcut), .boolean(false)])
            try await send("NotifyKeyboardKeysym", [.uint32(0xffeb), .boolean(false)])
        }
    }

    /// Presses and releases `keysym` (e.g. Delete, 0xffff, which closes the notification that
    /// has the focus).
    public func press(_ keysym: UInt32) async throws {
        try await remoteDesktop { send in
            try await send("NotifyKeyboardKeysym", [.uint32(keysym), .boolean(true)])
            try await send("NotifyKeyboardKeysym", [.uint32(keysym), .boolean(false)])
        }
    }

    /// Runs `input` in a session of mutter's `org.gnome.Mutter.RemoteDesktop` (one connection
    /// throughout: the session ends with its creator), `send` calling the session's methods.
    private func remoteDesktop(_ input: (_ send: (String, [Value]) async throws -> Void) async throws -> Void) async throws {
        let connection = try await bus.connect()
        defer { connection.close() }
        let (service, interface) = ("org.gnome.Mutter.RemoteDesktop", "org.gnome.Mutter.RemoteDesktop.Session")
        guard case .objectPath(let session)? = try await connection.call(
            destination: service, path: "/org/gnome/Mutter/RemoteDesktop", interface: service, method: "CreateSession").first
        else { throw TestSupportError("mutter's RemoteDesktop did not create a session") }
        func send(_ method: String, _ arguments: [Value]) async throws {
            _ = try await connection.call(destination: service, path: session, interface: interface, method: method, arguments)
            try await Task.sleep(for: .milliseconds(50))
        }
        try await send("Start", [])
        try await input(send)
        try await send("Stop", [])
    }
}
