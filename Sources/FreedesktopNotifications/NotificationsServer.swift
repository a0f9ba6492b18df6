import DBus

/// The desktop's `org.freedesktop.Notifications` server, as seen over the bus.
public struct NotificationsServer: Sendable {
    public static let busName = "org.freedesktop.Notifications"
    public static let path: ObjectPath = "/org/freedesktop/Notifications"
    public static let interface = "org.freedesktop.Notifications"

    private let proxy: Proxy

    public init(connection: Connection) {
        proxy = Proxy(connection: connection, destination: Self.busName, path: Self.path, interface: Self.interface)
    }

    /// Its capabilities.
    public func capabilities() async throws -> ServerCapabilities {
        let reply = try await proxy.call("GetCapabilities", timeout: .seconds(5))
        return ServerCapabilities(reply.first?.as([String].self) ?? [])
    }

    /// Its name, vendor and versions.
    public func information() async throws -> ServerInformation {
        let reply = try await proxy.call("GetServerInformation", timeout: .seconds(5))
        let text = reply.compactMap { $0.as(String.self) }
        guard text.count == 4 else { throw DBusError(.failed, "GetServerInformation replied \(reply)") }
        return ServerInformation(name: text[0], vendor: text[1], version: text[2], specVersion: text[3])
    }

    /// Shows (or replaces) a notification; returns the server's id for it.
    public func notify(_ call: NotifyCall) async throws -> UInt32 {
        let reply = try await proxy.call("Notify", call.arguments, timeout: .seconds(10))
        guard let id = reply.first?.as(UInt32.self) else { throw DBusError(.failed, "Notify replied \(reply)") }
        return id
    }

    /// Closes a notification (the server then sends `NotificationClosed` reason 3).
    public func close(_ id: UInt32) async throws {
        _ = try await proxy.call("CloseNotification", [.uint32(id)], timeout: .seconds(5))
    }
}
