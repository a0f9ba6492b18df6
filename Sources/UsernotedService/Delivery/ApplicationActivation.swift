import DBus
import UserNotificationsCore

/// `org.freedesktop.Application.ActivateAction`, the way GApplication apps take actions:
/// the response's action identifier is the action name (`default` for a click on the
/// body), its parameter the response JSON, and the platform data carries the activation
/// token for the app to raise its window with.
enum ApplicationActivation {
    static let interface = "org.freedesktop.Application"
    static let activateAction = MethodDeclaration<String, [Value], [String: Value], NoReply>(
        "ActivateAction", in: "action_name", "parameter", "platform_data")

    /// The object path GApplication derives from an app id: `org.example.Calendar` → `/org/example/Calendar`.
    static func path(of app: AppID) -> ObjectPath {
        let elements = app.rawValue.split(separator: ".").map { element in
            String(element.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        }
        return (try? ObjectPath("/" + elements.joined(separator: "/"))) ?? "/"
    }

    /// The arguments of `ActivateAction(s action_name, av parameter, a{sv} platform_data)`.
    static func arguments(for response: NotificationResponse) -> (String, [Value], [String: Value]) {
        var platformData: [String: Value] = [:]
        if let token = response.activationToken {
            platformData["activation-token"] = .string(token)
            platformData["desktop-startup-id"] = .string(token)
        }
        return (response.actionIdentifier, [.string(ModelJSON.encode(response))], platformData)
    }

    /// Asks the app to take the response's action; returning is the acknowledgement.
    static func deliver(_ response: NotificationResponse, over connection: Connection) async throws -> String {
        let (action, parameter, platformData) = arguments(for: response)
        try await connection.call(
            activateAction, destination: response.appId.rawValue, path: path(of: response.appId), interface: interface,
            action, parameter, platformData, timeout: .seconds(25))
        return ""
    }
}
