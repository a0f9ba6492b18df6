import Foundation
import TestSupport

/// The portal of the `portal-backend-…` rows (``PeerPortal``): Debian's xdg-desktop-portal on
/// the rig's bus with usernoted as its Notification backend. Debian 12's 1.16 has no
/// `portals.conf`: it takes the backends whose `.portal` file's `UseIn` names the desktop, so
/// it is given a copy of the repository's `usernoted.portal` with a `UseIn` of its own.
enum PortalBackend {
    /// Starts the portal; returns it once it owns its name. usernoted must be running.
    static func start(_ rig: Rig) async throws -> ManagedProcess {
        // The peer's portal has exited, but the bus may not have released its name yet: a
        // portal started now would queue behind it, be told it lost the name and quit, and own
        // it for a moment on the way (a bench-smoke run failed so).
        let watcher = try await rig.bus.connect()
        defer { watcher.close() }
        _ = try await withDeadline(.seconds(10), "the GTK backend's portal leaving the bus") {
            while try await watcher.nameOwner("org.freedesktop.portal.Desktop") != nil { try await Task.sleep(for: .milliseconds(10)) }
            return true
        }
        let portals = try rig.directory("backend-portals")
        let file = try String(contentsOf: repositoryRoot.appending(path: "portal/usernoted.portal"), encoding: .utf8)
        try (file + "UseIn=usernoted-bench\n").write(to: portals.appending(path: "usernoted.portal"), atomically: true, encoding: .utf8)
        var environment = rig.bus.environment
        environment["XDG_DESKTOP_PORTAL_DIR"] = portals.path
        environment["XDG_CURRENT_DESKTOP"] = "usernoted-bench"
        return try await Rig.startOwning("org.freedesktop.portal.Desktop", on: rig.bus, PortalPeer.portal, [], environment: environment).process
    }
}
