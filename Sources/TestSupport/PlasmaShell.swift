import Foundation
import Synchronization

/// KDE Plasma's whole desktop shell, `plasmashell` (Debian 12's 5.27, or Debian 13's 6.3 from
/// its chroot), under Xvfb (1280×800) on a private bus, for end-to-end tests: its popups are
/// clicked and typed into with xdotool, as a user does. `kactivitymanagerd` runs beside it
/// (the shell waits for it), and both get a fresh
/// home of their own.
public final class PlasmaShell: Sendable {
    /// Where a popup's parts are, from its bottom-right or top-left corner (measured on
    /// screenshots of each release's plasmashell with DejaVu fonts).
    public enum Spot: Sendable {
        /// The body's first line; `default` is not a button.
        case body
        /// The last button of the bottom row (the second of two, or Reply, which Plasma puts last).
        case lastButton
        /// The close button at the top right.
        case close
        /// Reply, on the tests' chat message (Mark as Read, Reply): 5.27 puts it last, 6.3
        /// first, left of Mark as Read.
        case reply

        func point(in popup: WindowFrame, on release: DebianRelease) -> (x: Int, y: Int) {
            switch (self, release == .host) {
            case (.body, _): (popup.x + 64, popup.y + 48)
            case (.lastButton, true): (popup.x + popup.width - 37, popup.y + popup.height - 20)
            case (.lastButton, false): (popup.x + popup.width - 22, popup.y + popup.height - 22)
            case (.close, _): (popup.x + popup.width - 15, popup.y + 14)
            case (.reply, true): Spot.lastButton.point(in: popup, on: release)
            case (.reply, false): (popup.x + popup.width - 127, popup.y + popup.height - 22)
            }
        }
    }

    /// A notification popup on screen: its X window id and frame. A popup replaced in place
    /// keeps its window; plasmashell reuses a closed popup's window for a later one.
    public struct Popup: Sendable, Hashable {
        public var window: Int
        public var frame: WindowFrame
    }

    public let bus: PrivateBus
    /// Where the shell comes from.
    public let release: DebianRelease
    /// The X display, e.g. `:3`.
    public let display: String
    private let xvfb: ManagedProcess
    private let activities: ManagedProcess
    /// The environment of the shell and of the programs that drive it.
    public let environment: [String: String]
    private let shell: Mutex<ManagedProcess?>

    static let activityManager = "/usr/lib/x86_64-linux-gnu/libexec/kactivitymanagerd"

    /// Why this machine cannot run it, or nil when it can.
    public static var unavailable: String? {
        guard (try? ManagedProcess.which("plasmashell")) != nil, (try? ManagedProcess.which("Xvfb")) != nil,
              (try? ManagedProcess.which("xdotool")) != nil, (try? ManagedProcess.which("xwd")) != nil,
              FileManager.default.isExecutableFile(atPath: activityManager),
              FileManager.default.fileExists(atPath: "/usr/share/plasma/shells/org.kde.plasma.desktop")
        else {
            return "plasmashell is not installed: apt-get install --no-install-recommends plasma-workspace plasma-desktop-data qtwayland5 xvfb xdotool x11-apps (.ci/run does)"
        }
        return nil
    }

    /// Starts Xvfb, `kactivitymanagerd` and `release`'s shell on `bus`; returns once the shell
    /// owns `org.freedesktop.Notifications`.
    public init(bus: PrivateBus, release: DebianRelease = .host) async throws {
        self.bus = bus
        self.release = release
        try release.check()
        (xvfb, display) = try Xvfb.start(screen: "1280x800")
        let home = bus.directory.appending(path: "plasmashell")
        try FileManager.default.createDirectory(at: home.appending(path: "runtime"), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        shell = Mutex(nil)
        var environment = bus.environment
        for (key, value) in [
            "DISPLAY": display, "QT_QPA_PLATFORM": "xcb", "QT_QUICK_BACKEND": "software", "HOME": home.path,
            "XDG_RUNTIME_DIR": home.appending(path: "runtime").path, "XDG_CONFIG_HOME": home.appending(path: ".config").path,
            "XDG_DATA_HOME": home.appending(path: ".local/share").path, "XDG_CACHE_HOME": home.appending(path: ".cache").path,
        ] { environment[key] = value }
        self.environment = environment
        let (program, arguments) = release.command(Self.activityManager, [])
        activities = try await bus.start(program, arguments, environment: environment, owning: "org.kde.ActivityManager")
        try await start()
    }

    deinit {
        _ = shell.withLock { $0?.stop() }
        activities.stop()
        xvfb.stop()
    }

    /// Starts the shell (again) and waits until it owns `org.freedesktop.Notifications`.
    public func start() async throws {
        let (program, arguments) = release.command("plasmashell", ["--no-respawn"])
        let process = try await bus.start(
            program, arguments, environment: environment, owning: "org.freedesktop.Notifications", within: .seconds(30))
        shell.withLock { $0 = process }
    }

    /// Stops the shell (SIGKILL: it crashes).
    public func stop(signal: Int32 = SIGTERM) {
        _ = shell.withLock { $0?.stop(signal: signal) }
    }

    /// The notification popups on screen, oldest first (the desktop and the panel left out).
    public func popups() throws -> [Popup] {
        let search = try xdotool(["search", "--onlyvisible", "--class", "plasmashell"])
        return search.split(separator: "\n").compactMap { id -> Popup? in
            // A window that left since the search has no geometry.
            guard let window = Int(id), let geometry = try? xdotool(["getwindowgeometry", "--shell", String(id)]),
                  let frame = WindowFrame(shell: geometry), frame.width < 1280, frame.height > 20
            else { return nil }
            return Popup(window: window, frame: frame)
        }.sorted { $0.window < $1.window }
    }

    /// Waits until a popup that is not one of `old` (the newest, if several) stood still
    /// for 300 ms, mapped, sized and drawn, so that a click hits it; returns it.
    @discardableResult
    public func waitForPopup(besides old: Set<Int> = []) async throws -> Popup {
        try await waitForPopup("new popup") { $0.last { !old.contains($0.window) } }
    }

    /// Waits until the popup in X window `window` stood still for 300 ms (it moves when one
    /// above or below it leaves); returns it.
    public func waitForPopup(window: Int) async throws -> Popup {
        try await waitForPopup("popup \(window)") { $0.first { $0.window == window } }
    }

    /// Closes every popup on screen with its close button, as a user clears the screen (a
    /// popup under the pointer never expires); returns once none was seen for 500 ms (one
    /// answered a moment ago, an inline reply's, may still be on its way out).
    public func closeAllPopups() async throws {
        _ = try await withDeadline(.seconds(30), "plasmashell's popups closing") { [self] in
            var clearSince = ContinuousClock.now
            while ContinuousClock.now - clearSince < .milliseconds(500) {
                if let popup = try popups().last {
                    try click(.close, of: popup)  // where it is now: one on its way out may not stand still
                    clearSince = .now
                }
                try await Task.sleep(for: .milliseconds(100))
            }
            return true
        }
    }

    /// Waits until `choose` picks a popup that then stays as it is for 300 ms.
    private func waitForPopup(_ what: String, within timeout: Duration = .seconds(15), _ choose: ([Popup]) -> Popup?) async throws -> Popup {
        let deadline = ContinuousClock.now + timeout
        var settling: (popup: Popup, since: ContinuousClock.Instant)?
        while true {
            let chosen = choose(try popups())
            if settling?.popup != chosen { settling = chosen.map { ($0, .now) } }
            if let settling, ContinuousClock.now - settling.since >= .milliseconds(300) { return settling.popup }
            guard ContinuousClock.now < deadline else {
                throw TestSupportError("plasmashell showed no \(what) within \(timeout); on screen: \(try popups())")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// A part of a popup whose drawing a test waits for.
    public enum Part: Sendable {
        /// The row of buttons: the window's bottom 40 rows of pixels.
        case buttons
        /// The summary and the body: the rows between the header and the buttons, their left
        /// two thirds (the header's time and the ring of time left around the close button
        /// animate).
        case text
    }

    /// Waits until `part` of `popup` has looked the same for 400 ms, and looks other than
    /// `before` when given; returns that look (its pixels, read with xwd). Plasma draws a
    /// popup's buttons last (and again when its notification changed in place), and a click
    /// before that lands where the old layout was; Reply clicked puts a text field in their
    /// place; a replacement's summary shows once Plasma has it.
    @discardableResult
    public func waitUntilDrawn(
        _ popup: Popup, _ part: Part = .buttons, changedFrom before: [UInt8]? = nil, within timeout: Duration = .seconds(15)
    ) async throws -> [UInt8] {
        let deadline = ContinuousClock.now + timeout
        var image: [UInt8] = [], since = ContinuousClock.now
        while ContinuousClock.now - since < .milliseconds(400) || image == before || image.isEmpty {
            let now = look(of: part, of: popup)
            if now != image { (image, since) = (now, .now) }
            guard ContinuousClock.now < deadline else {
                let state = image.isEmpty ? "not on screen" : image == before ? "as it was" : "still being drawn"
                throw TestSupportError("popup \(popup.window)'s \(part) was \(state) after \(timeout)")
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        return image
    }

    /// `part` of `popup` as it looks now, 32 bits a pixel; empty when it cannot be read (the
    /// window left), which never counts as drawn.
    private func look(of part: Part, of popup: Popup) -> [UInt8] {
        let file = bus.directory.appending(path: "popup-\(popup.window).xwd")
        guard (try? Command.run("xwd", ["-silent", "-id", "\(popup.window)", "-out", file.path], environment: environment))?.succeeded == true,
              let image = try? Data(contentsOf: file)
        else { return [] }
        let (width, height) = (popup.frame.width, popup.frame.height)
        guard image.count >= width * height * 4 else { return [] }
        let pixels = [UInt8](image.suffix(width * height * 4))  // after xwd's header and colour map
        let (rows, columns) = switch part {
        case .buttons: (max(0, height - 40)..<height, 0..<width)
        case .text: (min(28, height)..<max(28, height - 40), 0..<(width * 2 / 3))
        }
        return rows.flatMap { pixels[(($0 * width) + columns.lowerBound) * 4..<(($0 * width) + columns.upperBound) * 4] }
    }

    /// Clicks `spot` of `popup` with the left button.
    public func click(_ spot: Spot, of popup: Popup) throws {
        let (x, y) = spot.point(in: popup.frame, on: release)
        try xdotool(["mousemove", "\(x)", "\(y)", "sleep", "0.2", "click", "1"])
    }

    /// Types `text` into the focused field, then presses Return.
    public func type(_ text: String) throws {
        try xdotool(["type", "--delay", "30", text])
        try xdotool(["key", "Return"])
    }

    @discardableResult
    private func xdotool(_ arguments: [String]) throws -> String {
        let result = try Command.run("xdotool", arguments, environment: environment)
        guard result.succeeded || arguments.first == "search" else {  // search fails when nothing matches
            throw TestSupportError("xdotool \(arguments.joined(separator: " ")) failed: \(result.errors)")
        }
        return result.output
    }
}
