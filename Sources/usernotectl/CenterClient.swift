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

    /// `Response` signals, all or those of one app (and request), matched by the bus on `arg0` (`arg1`).
    func responses(of app: AppID?, request: String? = nil) async throws -> AsyncStream<Message> {
        try await proxy.connection.signals(matching: Center1.responses(of: app?.rawValue, request: request))
    }

    /// Whether the daemon currently owns its bus name.
    func isRunning() async throws -> Bool {
        let reply = try await proxy.connection.call(
            destination: Bus.name, path: Bus.path, interface: Bus.interface, method: "NameHasOwner", [.string(Center1.busName)])
        return reply.first?.as(Bool.self) ?? false
    }
}
