#if canImport(Glibc)
import Glibc
#endif
import CLinux
import DBus
import Foundation

/// xdg-desktop-portal, the frontend Flatpak apps call, from a Debian release (1.20 in Debian
/// 13's chroot) on a private bus, choosing usernoted for `org.freedesktop.impl.portal.Notification`
/// with the shipped `portal/usernoted.portal` and a `portals.conf` that names it, as
/// docs/portal.md tells users to. The frontend reads the backend's version once, at its start:
/// usernoted must own its backend name by then, or be startable by D-Bus activation.
public final class XdgDesktopPortal: Sendable {
    public static let busName = "org.freedesktop.portal.Desktop"
    public static let path = "/org/freedesktop/portal/desktop"
    /// The frontend's own interface for apps.
    public static let notification = "org.freedesktop.portal.Notification"
    /// Where host apps register their app id (xdg-desktop-portal 1.19+).
    public static let registry = "org.freedesktop.host.portal.Registry"

    public let process: ManagedProcess
    /// Where the frontend looks for apps' `.desktop` files (`XDG_DATA_HOME/applications`).
    public let dataHome: URL

    /// Where the frontend finds its backends and `portals.conf`.
    public enum Setup: Sendable {
        /// The repository's `portal/usernoted.portal`, and a `portals.conf` choosing usernoted,
        /// alone in `XDG_DESKTOP_PORTAL_DIR`.
        case repository
        /// The release's own backend `name` (`gnome`, `gtk`) chosen for notifications, alone
        /// in `XDG_DESKTOP_PORTAL_DIR`.
        case releaseBackend(String)
        /// As a user's session has them: the `.portal` files installed under `share` (before
        /// the release's own), and the `portals.conf` in `configHome/xdg-desktop-portal`.
        case installed(share: URL, configHome: URL)
    }

    /// Starts the frontend of `release` on `bus` with `environment`; `apps` get a `.desktop`
    /// file, which the frontend needs to register them as host apps.
    public init(
        bus: PrivateBus, release: DebianRelease = .trixie, setup: Setup = .repository, environment: [String: String], apps: [String]
    ) async throws {
        try release.check()
        dataHome = bus.directory.appending(path: "portal-data")
        let applications = dataHome.appending(path: "applications")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        for app in apps {
            try "[Desktop Entry]\nType=Application\nName=\(app)\nExec=true\n"
                .write(to: applications.appending(path: "\(app).desktop"), atomically: true, encoding: .utf8)
        }
        var environment = environment
        environment["XDG_DATA_HOME"] = dataHome.path
        if release.root != nil {
            // bubblewrap cannot run in a chroot, whose / is no mount point: the icon and sound
            // validators run unsandboxed there (the repository is at the same path inside).
            environment["FLATPAK_BWRAP"] = repositoryRoot.appending(path: "Tests/EndToEndTests/Fixtures/bwrap-unsandboxed").path
        }
        switch setup {
        case .repository:
            environment["XDG_DESKTOP_PORTAL_DIR"] = try Self.portalDirectory(
                in: bus, choosing: "usernoted", from: repositoryRoot.appending(path: "portal/usernoted.portal"))
        case .releaseBackend(let name):
            environment["XDG_DESKTOP_PORTAL_DIR"] = try Self.portalDirectory(
                in: bus, choosing: name, from: URL(filePath: (release.root ?? "") + "/usr/share/xdg-desktop-portal/portals/\(name).portal"))
        case .installed(let share, let configHome):
            environment["XDG_DATA_DIRS"] = share.path + ":/usr/share"
            environment["XDG_CONFIG_HOME"] = configHome.path
        }
        let (program, arguments) = release.command("/usr/libexec/xdg-desktop-portal", ["--verbose"])
        process = try await bus.start(program, arguments, environment: environment, owning: Self.busName, within: .seconds(20))
    }

    /// A directory for `XDG_DESKTOP_PORTAL_DIR` (its `.portal` files and `portals.conf`,
    /// nothing else is read) with `portalFile`, and a `portals.conf` choosing `backend` for notifications.
    private static func portalDirectory(in bus: PrivateBus, choosing backend: String, from portalFile: URL) throws -> String {
        let directory = bus.directory.appending(path: "xdg-desktop-portal")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: portalFile, to: directory.appending(path: portalFile.lastPathComponent))
        try "[preferred]\ndefault=none\norg.freedesktop.impl.portal.Notification=\(backend)\n"
            .write(to: directory.appending(path: "portals.conf"), atomically: true, encoding: .utf8)
        return directory.path
    }

    /// Starts xdg-desktop-portal-gnome of `release` on `bus` (an X11 session: it needs a display
    /// for any portal, and sends notifications to `org.gtk.Notifications`); returns it once it owns its name.
    public static func gnomeBackend(bus: PrivateBus, release: DebianRelease = .trixie, environment: [String: String]) async throws -> ManagedProcess {
        try release.check()
        var environment = environment
        environment["XDG_SESSION_TYPE"] = "x11"
        let (program, arguments) = release.command("/usr/libexec/xdg-desktop-portal-gnome", ["--verbose"])
        return try await bus.start(program, arguments, environment: environment, owning: "org.freedesktop.impl.portal.desktop.gnome", within: .seconds(20))
    }

    /// An icon as an app hands it to the portal: a memory file holding `bytes` that the
    /// frontend can seal (it refuses any other); the caller closes it.
    public static func iconFile(_ bytes: [UInt8]) throws -> UnixFD {
        let descriptor = memfd_create("icon", UInt32(MFD_ALLOW_SEALING | MFD_CLOEXEC))
        guard descriptor >= 0, bytes.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            throw TestSupportError("memfd_create or write: \(String(cString: strerror(errno)))")
        }
        return UnixFD(descriptor)
    }

    deinit { process.stop() }
}
