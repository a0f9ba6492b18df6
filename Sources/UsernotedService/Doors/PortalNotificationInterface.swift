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
    static func make(center: Center, frontend: PortalFrontend, icons: PortalIcons?, logger: Logger) -> Interface {
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
                // Answered now, not once the record is on disk: the frontend has answered the app
                // already (it forwards without waiting), and passes on an action only for a
                // notification whose AddNotification it heard answered; answered later, a click
                // as quick as the disk would be dropped by the frontend.
                return {
                    Task {
                        do { _ = try await shown() } catch {
                            logger.error("a portal notification was shown but not kept", metadata: ["app": "\(app)", "id": "\(id)", "error": "\(error)"])
                        }
                    }
                    return NoReply()
                }
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
    /// portal uses it only where `portals.conf` chooses `usernoted` for notifications. Returns
    /// the task that follows who the frontend is.
    static func serve(
        center: Center, icons: PortalIcons?, on connection: Connection, admission: CallAdmission, logger: Logger
    ) async throws -> Task<Void, Never> {
        let frontend = PortalFrontend(connection: connection, admission: admission)
        let following = try await frontend.follow()
        connection.export([make(center: center, frontend: frontend, icons: icons, logger: logger)], at: PortalNotification.path)
        switch try await connection.requestName(PortalNotification.busName, flags: [.doNotQueue]) {
        case .primaryOwner, .alreadyOwner:
            logger.info("serving the Notification portal's backend", metadata: ["name": "\(PortalNotification.busName)"])
        case .exists, .inQueue:
            connection.unexport(PortalNotification.path)
            logger.warning("the Notification portal's backend name has another owner; Flatpak apps' notifications do not come here", metadata: [
                "name": "\(PortalNotification.busName)"])
        }
        return following
    }
}

/// Who the portal frontend is: the unique name that owns `org.freedesktop.portal.Desktop`,
/// followed from the bus, and asked again when another caller comes (a call can be read
/// before the change of owner that preceded it has been followed).
final class PortalFrontend: Sendable {
    private let connection: Connection
    /// Where the frontend's limit of waiting calls is raised.
    private let admission: CallAdmission
    private let known = Mutex<String?>(nil)

    init(connection: Connection, admission: CallAdmission) {
        self.connection = connection
        self.admission = admission
    }

    /// Follows who owns the frontend's name from now on (a ``Forwarders`` name).
    func follow() async throws -> Task<Void, Never> {
        try await Forwarders.follow(PortalNotification.frontendName, on: connection, raising: admission) { [weak self] owner in
            self?.known.withLock { $0 = owner }
        }
    }

    /// Returns when `sender` is the frontend; `AccessDenied` otherwise.
    func check(_ sender: String) async throws {
        if known.withLock({ $0 == sender }) { return }
        let owner = try await connection.nameOwner(PortalNotification.frontendName)
        if let owner {
            known.withLock { $0 = owner }
            Forwarders.raise(for: owner, in: admission)
        }
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
