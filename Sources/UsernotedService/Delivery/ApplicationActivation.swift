import DBus
import Logging
import UserNotificationsCore
import UsernotedAPI

/// `org.freedesktop.Application`, the way GApplication apps take actions. A response to a
/// GLib notification (`org.gtk.Notifications`) calls what GNOME Shell calls: the button's
/// action without its `app.` prefix with the button's target as the parameter, the default
/// action for a click on the body, or `Activate` when there is none (see ``GLibNotification``).
/// Any other response calls `ActivateAction` with its action identifier as the action name
/// (`default` for a click on the body) and the response JSON as the parameter. The platform
/// data carries the activation token for the app to raise its window with.
enum ApplicationActivation {
    static let interface = "org.freedesktop.Application"
    static let activateAction = MethodDeclaration<String, [Value], [String: Value], NoReply>(
        "ActivateAction", in: "action_name", "parameter", "platform_data")
    static let activate = MethodDeclaration<[String: Value], NoReply>("Activate", in: "platform_data")

    /// The call that takes a response to the app.
    enum Call: Hashable {
        case activateAction(name: String, parameter: [Value], platformData: [String: Value])
        case activate(platformData: [String: Value])
        /// `org.gtk.Notifications`' `ActionInvoked` (see ``GtkNotifications/actionInvoked``).
        case gtkSignal(id: String, action: String, parameter: [Value], platformData: [String: Value])
        /// The portal's `ActionInvoked` (see ``PortalNotification/actionInvoked``), and
        /// `Activate` when the app is not running, so the click at least opens it.
        case portalSignal(portalApp: String, id: String, action: String, parameter: [Value], platformData: [String: Value])
        /// Nothing can be called, for the reason given; the response is logged and dropped.
        case none(reason: String)
    }

    /// The object path GApplication derives from an app id: `org.example.Calendar` → `/org/example/Calendar`.
    static func path(of app: AppID) -> ObjectPath {
        let elements = app.rawValue.split(separator: ".").map { element in
            String(element.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        }
        return (try? ObjectPath("/" + elements.joined(separator: "/"))) ?? "/"
    }

    /// The call for `response`.
    static func call(for response: NotificationResponse) -> Call {
        var platformData: [String: Value] = [:]
        if let token = response.activationToken {
            platformData["activation-token"] = .string(token)
            platformData["desktop-startup-id"] = .string(token)
        }
        switch GLibNotification.activation(for: response) {
        case nil:
            return .activateAction(
                name: response.actionIdentifier, parameter: [.string(ModelJSON.encode(response))], platformData: platformData)
        case .action(let name, let target)?:
            // A typed reply (a portal's im.reply-with-text) comes after the target, as the portal says.
            let parameter = (target.map { [$0] } ?? []) + (response.userText.map { [.string($0)] } ?? [])
            return .activateAction(name: name, parameter: parameter, platformData: platformData)
        case .gtkSignal(let action, let target)?:
            let token = response.activationToken.map { ["activation-token": Value.string($0)] } ?? [:]
            return .gtkSignal(id: response.requestId, action: action, parameter: target.map { [$0] } ?? [], platformData: token)
        case .portalSignal(let portalApp, let action, let target)?:
            let parameter = (target.map { [$0] } ?? []) + [platformData.dbusValue] + (response.userText.map { [.string($0)] } ?? [])
            return .portalSignal(portalApp: portalApp, id: response.requestId, action: action, parameter: parameter, platformData: platformData)
        case .activate?:
            return .activate(platformData: platformData)
        case .unsupported(let action)?:
            return .none(reason: "'\(action)' is none of the notification's actions, so there is nothing to activate")
        }
    }

    /// Makes the call for `response`; returning is the acknowledgement.
    static func deliver(_ response: NotificationResponse, over connection: Connection, logger: Logger) async throws -> String {
        let (destination, path) = (response.appId.rawValue, path(of: response.appId))
        switch call(for: response) {
        case .activateAction(let name, let parameter, let platformData):
            try await connection.call(
                activateAction, destination: destination, path: path, interface: interface,
                name, parameter, platformData, timeout: .seconds(25))
        case .activate(let platformData):
            try await connection.call(
                activate, destination: destination, path: path, interface: interface, platformData, timeout: .seconds(25))
        case .gtkSignal(let id, let action, let parameter, let platformData):
            try connection.emit(
                GtkNotifications.actionInvoked, path: GtkNotifications.path, interface: GtkNotifications.interface,
                destination, id, action, parameter, platformData)
        case .portalSignal(let portalApp, let id, let action, let parameter, let platformData):
            try connection.emit(
                PortalNotification.actionInvoked, path: PortalNotification.path, interface: PortalNotification.interface,
                portalApp, id, action, parameter)
            // A host app without an id has nothing to start; a running app has the signal.
            guard response.appId.rawValue != PortalMapping.unregisteredApp, try await connection.nameOwner(destination) == nil else { break }
            do {
                try await connection.call(
                    activate, destination: destination, path: path, interface: interface, platformData, timeout: .seconds(25))
            } catch {
                logger.info("an app that is not running was not started for its portal notification's action (it has no D-Bus activation); the portal passes the action only to a running app", metadata: [
                    "app": "\(response.appId)", "request": "\(response.requestId)", "error": "\(error)"])
            }
        case .none(let reason):
            logger.warning("dropping a response", metadata: [
                "app": "\(response.appId)", "request": "\(response.requestId)", "reason": "\(reason)"])
        }
        return ""
    }
}
