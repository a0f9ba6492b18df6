import DBus
import Logging
import UserNotificationsCore
import UsernotedAPI

/// `org.gtk.Notifications` as the daemon serves it to GLib apps: each call checked like a
/// `Center1` call (the sender must be allowed to act for the app id), then mapped onto the
/// model by ``GLibNotification`` and handed to the ``Center`` as an `Add` or `RemoveDelivered`.
enum GtkNotificationsInterface {
    /// The interface served at `GtkNotifications.path`.
    static func make(center: Center, callers: CallerCheck) -> Interface {
        Interface(GtkNotifications.interface, methods: [
            Method.pipelined(GtkNotifications.addNotification) { call, named, id, notification in
                let app = try await callers.app(named, of: call.sender)
                let (request, category) = try GLibNotification.request(id: id, of: app, from: notification)
                let shown = try await center.add(app, request: request, category: category)
                return { _ = try await shown(); return NoReply() }
            },
            Method(GtkNotifications.removeNotification) { call, named, id in
                let app = try await callers.app(named, of: call.sender)
                try await center.removeDelivered(app, ids: [id])
            },
        ], signals: [GtkNotifications.actionInvoked.signal])
    }
}

extension GtkNotificationsInterface {
    /// xdg-desktop-portal-gnome's name: it sends the portal's notifications here (GNOME 47+).
    static let gnomePortalBackend = "org.freedesktop.impl.portal.desktop.gnome"

    /// Serves the interface under `org.gtk.Notifications` if nobody owns the name: never
    /// replacing an owner (GNOME Shell has it on GNOME), never queueing behind one, and
    /// letting a later owner that asks to replace us have it (GNOME Shell asks so at start).
    /// Says once in the log which way it went, and when the name is taken over later. Returns
    /// the watch that says so, nil when the name was left alone.
    static func serve(
        center: Center, callers: CallerCheck, on connection: Connection, admission: CallAdmission, logger: Logger
    ) async throws -> Task<Void, Never>? {
        connection.export([make(center: center, callers: callers)], at: GtkNotifications.path)
        let changes = try await connection.nameOwnerChanges(of: GtkNotifications.busName)
        switch try await connection.requestName(GtkNotifications.busName, flags: [.doNotQueue, .allowReplacement]) {
        case .primaryOwner, .alreadyOwner:
            logger.info("serving GLib apps' notifications (GNotification)", metadata: ["name": "\(GtkNotifications.busName)"])
            let ours = connection.uniqueName
            let forwarder = try await Forwarders.follow(gnomePortalBackend, on: connection, raising: admission)
            return Task {
                defer { forwarder.cancel() }
                for await change in changes where change.newOwner != ours {
                    logger.notice("another program took over org.gtk.Notifications; GLib apps' notifications go to it now", metadata: [
                        "owner": "\(change.newOwner.isEmpty ? "nobody" : change.newOwner)"])
                    return
                }
            }
        case .exists, .inQueue:
            connection.unexport(GtkNotifications.path)
            let owner = (try? await connection.nameOwner(GtkNotifications.busName)) ?? nil
            logger.notice("org.gtk.Notifications has an owner (GNOME Shell, on GNOME); leaving it alone: GLib apps' notifications go there, not through usernoted", metadata: [
                "owner": "\(owner ?? "unknown")"])
            return nil
        }
    }
}
