import Foundation
import TestSupport

/// The peer of the `peer-portal-…` figures: Debian's xdg-desktop-portal with its GTK backend
/// on the rig's bus, as a GNOME session runs them, forwarding to the rig's fake server.
///
/// xdg-desktop-portal takes its backends from the `.portal` files in `$XDG_DESKTOP_PORTAL_DIR`
/// (here a copy of the installed `gtk.portal` alone, so that another installed backend cannot
/// take the Notification interface) and picks the one whose `UseIn` names a desktop of
/// `$XDG_CURRENT_DESKTOP` (GNOME). The GTK backend is a GTK 3 program and needs a display
/// (Xvfb); it forwards to `org.gtk.Notifications` only when that name has an owner, the
/// caller has an app id and every action is `app.`-prefixed, else to
/// `org.freedesktop.Notifications`: here always the latter, as the bench's client is not
/// sandboxed (its app id is empty) and its default action is `open`.
final class PortalPeer: Sendable {
    /// The programs and the backend's `.portal` file, where Debian installs them.
    static let portal = "/usr/libexec/xdg-desktop-portal"
    static let backend = "/usr/libexec/xdg-desktop-portal-gtk"
    static let backendFile = "/usr/share/xdg-desktop-portal/portals/gtk.portal"
    /// The summaries the fake server answers with `ActionInvoked` (bench-raw-client portal-actions).
    static let invokedPrefix = "portal-action-"

    /// The portal, its backend and Xvfb, in the order to stop them.
    private let processes: [ManagedProcess]

    /// Why the peer cannot run here (a program or file missing), or nil.
    static var missing: String? {
        for path in [portal, backend, backendFile] where !FileManager.default.fileExists(atPath: path) {
            return "\(path) is not installed (Debian packages xdg-desktop-portal and xdg-desktop-portal-gtk; scripts/install-deps --bench installs them)"
        }
        return (try? ManagedProcess.which("Xvfb")) == nil ? "Xvfb is not installed (Debian package xvfb)" : nil
    }

    /// Starts Xvfb, the GTK backend and the portal; returns once the portal owns its name.
    init(_ rig: Rig) async throws {
        let portals = try rig.directory("portals")
        let file = portals.appending(path: "gtk.portal")
        try? FileManager.default.removeItem(at: file)  // the copy of a portal that crashed
        try FileManager.default.copyItem(atPath: Self.backendFile, toPath: file.path)
        let (xvfb, display) = try Rig.startXvfb()
        var started = [xvfb]
        var environment = rig.bus.environment
        environment["DISPLAY"] = display
        environment["XDG_CURRENT_DESKTOP"] = "GNOME"
        environment["XDG_DESKTOP_PORTAL_DIR"] = portals.path
        environment["NO_AT_BRIDGE"] = "1"  // no accessibility bus on the private bus
        do {
            for (name, program) in [("org.freedesktop.impl.portal.desktop.gtk", Self.backend), ("org.freedesktop.portal.Desktop", Self.portal)] {
                started.insert(try await Rig.startOwning(name, on: rig.bus, program, [], environment: environment).process, at: 0)
            }
        } catch {
            started.forEach { $0.stop() }
            throw error
        }
        processes = started
    }

    /// xdg-desktop-portal itself.
    var frontend: ManagedProcess { processes[0] }

    func stop() { processes.forEach { $0.stop() } }
}
