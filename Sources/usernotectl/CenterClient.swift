import DBus
import UserNotificationsCore
import UsernotedAPI

/// usernoted's `Center1` as usernotectl calls it: each call one declaration of ``Center1``.
struct CenterClient: Sendable {
    /// The proxy the calls go through.
    let proxy: Proxy

    /// A client on `connection`.
    init(connection: Connection) {
        proxy = .usernotedCenter(on: connection)
    }

    /// Runs `body` with a client on the bus at `address` (a D-Bus address, e.g.
    /// `unix:path=/run/user/1000/bus`; `nil` for `DBUS_SESSION_BUS_ADDRESS`), then closes the connection.
    static func with<T>(address: String?, _ body: (CenterClient) async throws -> T) async throws -> T {
        let connection = if let address { try await Connection.open(address: address) } else { try await Connection.sessionBus() }
        defer { connection.close() }
        return try await body(CenterClient(connection: connection))
    }

    /// Calls `method` for `app`; returns its reply.
    func call<each Input, Output>(
        _ method: MethodDeclaration<String, repeat each Input, Output>, for app: AppID, _ arguments: repeat each Input
    ) async throws -> Output {
        try await proxy.call(method, app.rawValue, repeat each arguments)
    }

    /// Sends a ``PostCall``: `Post` or `Add`; returns the request id.
    func send(_ call: PostCall, for app: AppID) async throws -> String {
        switch call {
        case let .post(category, title, body): try await self.call(Center1.post, for: app, category, title, body)
        case let .add(json): try await self.call(Center1.add, for: app, json)
        }
    }
}
