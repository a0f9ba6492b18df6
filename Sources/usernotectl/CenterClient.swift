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
}
