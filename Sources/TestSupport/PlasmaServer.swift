import Foundation
import Synchronization

/// KDE Plasma's own notification server (libnotificationmanager, the code plasmashell runs)
/// in `qmlscene` offscreen, on a private bus, for end-to-end tests: Debian 12's Plasma 5.27,
/// or Debian 13's 6.3 (Qt 6's `qml`) from its chroot. The user's clicks, closes and inline
/// replies are played through `Tests/EndToEndTests/Fixtures/plasma-server.qml`.
public final class PlasmaServer: Sendable {
    public let bus: PrivateBus
    /// Where the server comes from.
    public let release: DebianRelease
    private let directory: URL
    private let process: Mutex<ManagedProcess?>

    /// Why this machine cannot run it, or nil when it can.
    public static var unavailable: String? {
        guard (try? ManagedProcess.which("qmlscene")) != nil,
              FileManager.default.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/qt5/qml/org/kde/notificationmanager")
        else { return "Plasma's server is not installed: apt-get install --no-install-recommends qmlscene libnotificationmanager1 plasma-workspace (.ci/run does)" }
        return nil
    }

    /// Starts `release`'s server on `bus`; returns once it owns `org.freedesktop.Notifications`.
    public init(bus: PrivateBus, release: DebianRelease = .host) async throws {
        self.bus = bus
        self.release = release
        try release.check()
        directory = bus.directory.appending(path: "plasma")
        try FileManager.default.createDirectory(at: directory.appending(path: "runtime"), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        var harness = try String(contentsOf: TestDesktop.fixtures.appending(path: "plasma-server.qml"), encoding: .utf8)
        if release != .host {  // Qt 6 imports its modules without versions
            harness = harness.replacingOccurrences(of: "import QtQuick 2.15", with: "import QtQuick")
                .replacingOccurrences(of: "import org.kde.notificationmanager 1.0 as", with: "import org.kde.notificationmanager as")
        }
        try harness.write(to: directory.appending(path: "plasma-server.qml"), atomically: true, encoding: .utf8)
        process = Mutex(nil)
        try await start()
    }

    deinit { _ = process.withLock { $0?.stop() } }

    /// Starts the server (again), with no commands yet, and waits until it owns its name.
    public func start() async throws {
        try "".write(to: directory.appending(path: "commands"), atomically: true, encoding: .utf8)
        var environment = bus.environment
        for (key, value) in [
            "QT_QPA_PLATFORM": "offscreen", "QT_QUICK_BACKEND": "software", "QML_XHR_ALLOW_FILE_READ": "1",
            "HOME": directory.path, "XDG_RUNTIME_DIR": directory.appending(path: "runtime").path,
            "XDG_CONFIG_HOME": directory.appending(path: "config").path, "XDG_DATA_HOME": directory.appending(path: "data").path,
            "XDG_CACHE_HOME": directory.appending(path: "cache").path,
        ] { environment[key] = value }
        let (program, arguments) = release.command(
            release == .host ? "qmlscene" : "/usr/lib/qt6/bin/qml", [directory.appending(path: "plasma-server.qml").path])
        let started = try await bus.start(
            program, arguments, environment: environment, owning: "org.freedesktop.Notifications", within: .seconds(20))
        process.withLock { $0 = started }
    }

    /// Stops the server (SIGKILL: it crashes).
    public func stop(signal: Int32 = SIGTERM) {
        _ = process.withLock { $0?.stop(signal: signal) }
    }

    /// What the server printed (`plasma: …` lines among Qt's).
    private var log: String { process.withLock { $0?.log } ?? "" }

    /// Waits until a notification whose summary is `summary` is shown; its id, and whether
    /// Plasma offers an inline reply on it.
    public func waitUntilShown(_ summary: String) async throws -> (id: UInt32, hasReply: Bool) {
        try await withDeadline(.seconds(10), "Plasma showing \(summary)") { [self] in
            while true {
                for line in log.split(separator: "\n").reversed() where line.hasSuffix(" \(summary)") {
                    let words = line.split(separator: " ")
                    if let at = words.firstIndex(of: "shown"), at + 2 < words.count, let id = UInt32(words[at + 1]) {
                        return (id, words[at + 2] == "reply=true")
                    }
                }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }

    /// Waits until `count` notifications whose summary is `summary` were shown; their ids.
    public func waitUntilShown(_ summary: String, count: Int) async throws -> Set<UInt32> {
        try await withDeadline(.seconds(10), "Plasma showing \(count) of \(summary)") { [self] in
            while true {
                let ids = Set(log.split(separator: "\n").compactMap { line -> UInt32? in
                    let words = line.split(separator: " ")
                    guard line.hasSuffix(" \(summary)"), let at = words.firstIndex(of: "shown"), at + 1 < words.count else { return nil }
                    return UInt32(words[at + 1])
                })
                if ids.count >= count { return ids }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }

    /// Plays the user: `action ID KEY`, `default ID`, `reply ID TEXT` or `close ID`; returns
    /// once the server has done it.
    public func user(_ command: String) async throws {
        let file = try FileHandle(forWritingTo: directory.appending(path: "commands"))
        try file.seekToEnd()
        try file.write(contentsOf: Data((command + "\n").utf8))
        try file.close()
        _ = try await withDeadline(.seconds(10), "Plasma doing \(command)") { [self] in
            while !log.contains("plasma: did \(command)") {
                if let missing = log.split(separator: "\n").last(where: { $0.contains("plasma: no ") }) {
                    throw TestSupportError("Plasma has no such notification: \(missing)")
                }
                try await Task.sleep(for: .milliseconds(20))
            }
            return true
        }
    }
}
