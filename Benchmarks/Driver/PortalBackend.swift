import Foundation
import TestSupport

/// The portal of the `portal-backend-…` rows (``PeerPortal``): Debian's xdg-desktop-portal on
/// the rig's bus with usernoted as its Notification backend. Debian 12's 1.16 has no
/// `portals.conf`: it takes the backends whose `.portal` file's `UseIn` names the desktop, so
/// it is given a copy of the repository's `usernoted.portal` with a `UseIn` of its own.
enum PortalBackend {
    /// Starts the portal; returns it once it owns its name. usernoted must be running.
    static func start(_ rig: Rig) async throws -> ManagedProcess {
        let portals = try rig.directory("backend-portals")
        let file = try String(contentsOf: repositoryRoot.appending(path: "portal/usernoted.portal"), encoding: .utf8)
        try (file + "UseIn=usernoted-bench\n").write(to: portals.appending(path: "usernoted.portal"), atomically: true, encoding: .utf8)
        var environment = rig.bus.environment
        environment["XDG_DESKTOP_PORTAL_DIR"] = portals.path
        environment["XDG_CURRENT_DESKTOP"] = "usernoted-bench"
        return try await Rig.startOwning("org.freedesktop.portal.Desktop", on: rig.bus, PortalPeer.portal, [], environment: environment).process
    }
}
