import DBus

/// The desktop's `org.freedesktop.Notifications` server, as seen over the bus.
public struct NotificationsServer: Sendable {
    public static let busName = "org.freedesktop.Notifications"
    public static let path: ObjectPath = "/org/freedesktop/Notifications"
    public static let interface = "org.freedesktop.Notifications"

    // The spec's methods and signals, declared once for the bridge and for test servers.
    public static let getCapabilities = MethodDeclaration<[String]>("GetCapabilities", out: "capabilities")
    public static let getServerInformation = MethodDeclaration<ServerInformation>(
        "GetServerInformation", out: "name", "vendor", "version", "spec_version")
    public static let notify = MethodDeclaration<String, UInt32, String, String, String, [String], [String: Value], Int32, UInt32>(
        "Notify", in: "app_name", "replaces_id", "app_icon", "summary", "body", "actions", "hints", "expire_timeout", out: "id")
    public static let closeNotification = MethodDeclaration<UInt32, NoReply>("CloseNotification", in: "id")
    public static let notificationClosed = SignalDeclaration<UInt32, UInt32>("NotificationClosed", "id", "reason")
    public static let actionInvoked = SignalDeclaration<UInt32, String>("ActionInvoked", "id", "action_key")
    public static let notificationReplied = SignalDeclaration<UInt32, String>("NotificationReplied", "id", "text")
    public static let activationToken = SignalDeclaration<UInt32, String>("ActivationToken", "id", "activation_token")

    /// Plasma's answer to a `Notify` without `replaces_id` that repeats the app, summary and
    /// body of the one just before it, within a second: nothing is shown.
    public static let excessNotificationGeneration: DBusError.Name = "org.freedesktop.Notifications.Error.ExcessNotificationGeneration"
    /// How long after such a refusal the same notification is shown.
    public static let excessNotificationDelay: Duration = .seconds(1)

    private let proxy: Proxy

    public init(connection: Connection) {
        proxy = Proxy(connection: connection, destination: Self.busName, path: Self.path, interface: Self.interface)
    }

    /// Its capabilities.
    public func capabilities() async throws -> ServerCapabilities {
        ServerCapabilities(try await proxy.call(Self.getCapabilities, timeout: .seconds(5)))
    }

    /// Its name, vendor and versions.
    public func information() async throws -> ServerInformation {
        try await proxy.call(Self.getServerInformation, timeout: .seconds(5))
    }

    /// Shows (or replaces) a notification; returns the server's id for it.
    public func notify(_ call: NotifyCall) async throws -> UInt32 {
        try Self.notify.output(from: await proxy.call(Self.notify.name, call.arguments, timeout: .seconds(10)))
    }

    /// Closes a notification (the server then sends `NotificationClosed` reason 3).
    public func close(_ id: UInt32) async throws {
        _ = try await proxy.call(Self.closeNotification, id, timeout: .seconds(5))
    }
}
