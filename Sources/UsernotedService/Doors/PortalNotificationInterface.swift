import DBus
import Logging
import Synchronization
import UserNotificationsCore
import UsernotedAPI

/// `org.freedesktop.impl.portal.Notification` as the daemon serves it to xdg-desktop-portal:
/// only the portal frontend (the owner of `org.freedesktop.portal.Desktop`) may call it, as
/// only it vouches for the `app_id` it passes; each notification is mapped onto the model by
/// ``PortalMapping`` and handed to the ``Center`` under that app id, so the app's settings,
/// rate and Focus apply as to any app.
enum PortalNotificationInterface {
    /// The interface served at `PortalNotification.path`.
    static func make(center: Center, frontend: PortalFrontend, icons: PortalIcons?) -> Interface {
        Interface(PortalNotification.interface, methods: [
            Method.pipelined(PortalNotification.addNotification) { call, portalApp, id, notification in
                try await frontend.check(call.sender)
                let app = try PortalFrontend.app(portalApp)
                var mapped = try PortalMapping.request(id: id, portalApp: portalApp, of: app, from: notification)
                // The icon's file is the call's, open while the call is.
                if let file = mapped.iconFile { mapped.hints.image = withExtendedLifetime(call) { icons?.keep(file) } }
                if let bytes = mapped.iconBytes { mapped.hints.image = icons?.keep(bytes) }
                if mapped.showAsNew { try await center.removeDelivered(app, ids: [id]) }
                let shown = try await center.add(app, request: mapped.request, category: mapped.category, hints: mapped.hints)
                return { _ = try await shown(); return NoReply() }
            },
            Method(PortalNotification.removeNotification) { call, portalApp, id in
                try await frontend.check(call.sender)
                try await center.removeDelivered(PortalFrontend.app(portalApp), ids: [id])
            },
        ], signals: [PortalNotification.actionInvoked.signal], properties: [
            Property("version", get: { PortalNotification.version }),
            Property("SupportedOptions", get: { PortalMapping.supportedOptions }),
        ])
    }

    /// Serves the interface under `PortalNotification.busName`, which is usernoted's own: the
    /// portal uses it only where `portals.conf` chooses `usernoted` for notifications.
    static func serve(center: Center, icons: PortalIcons?, on connection: Connection, logger: Logger) async throws {
        connection.export([make(center: center, frontend: PortalFrontend(connection: connection), icons: icons)], at: PortalNotification.path)
        switch try await connection.requestName(PortalNotification.busName, flags: [.doNotQueue]) {
        case .primaryOwner, .alreadyOwner:
            logger.info("serving the Notification portal's backend", metadata: ["name": "\(PortalNotification.busName)"])
        case .exists, .inQueue:
            connection.unexport(PortalNotification.path)
            logger.warning("the Notification portal's backend name has another owner; Flatpak apps' notifications do not come here", metadata: [
                "name": "\(PortalNotification.busName)"])
        }
    }
}

/// Who the portal frontend is: the unique name that owned `org.freedesktop.portal.Desktop`
/// when last asked, asked again whenever another caller comes.
final class PortalFrontend: Sendable {
    private let connection: Connection
    private let known = Mutex<String?>(nil)

    init(connection: Connection) { self.connection = connection }

    /// Returns when `sender` is the frontend; `AccessDenied` otherwise.
    func check(_ sender: String) async throws {
        if known.withLock({ $0 == sender }) { return }
        let owner = try await connection.nameOwner(PortalNotification.frontendName)
        known.withLock { $0 = owner }
        guard owner == sender else {
            throw DBusError(.accessDenied, "\(PortalNotification.interface) is for the portal frontend (\(PortalNotification.frontendName)) alone, as only it vouches for the app id; apps call org.freedesktop.portal.Notification on \(PortalNotification.frontendName), or usernoted's own io.github.usernoted.Center1")
        }
    }

    /// The app a portal app id stands for: itself, or ``PortalMapping/unregisteredApp`` for
    /// the empty id of a host app that did not register one.
    static func app(_ portalApp: String) throws(CenterError) -> AppID {
        try rethrowingModelErrors { () throws(ModelError) in
            try AppID(validating: portalApp.isEmpty ? PortalMapping.unregisteredApp : portalApp)
        }
    }
}
