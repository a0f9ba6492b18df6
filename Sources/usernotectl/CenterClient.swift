import DBus
import UserNotificationsCore

/// `io.github.usernoted.Center1` as typed calls; every structured value is a JSON string.
struct CenterClient: Sendable {
    static let busName = "io.github.usernoted"
    static let path: ObjectPath = "/io/github/usernoted"
    static let interface = "io.github.usernoted.Center1"

    /// The proxy the calls go through.
    let proxy: Proxy

    /// A client on `connection`.
    init(connection: Connection) {
        proxy = Proxy(connection: connection, destination: Self.busName, path: Self.path, interface: Self.interface)
    }

    /// `SetCategories(s app_id, s categories_json)`.
    func setCategories(_ app: AppID, json: String) async throws {
        _ = try await proxy.call("SetCategories", [.string(app.rawValue), .string(json)])
    }

    /// `GetCategories(s app_id) → s json`.
    func categories(_ app: AppID) async throws -> String {
        try string(from: await proxy.call("GetCategories", [.string(app.rawValue)]), of: "GetCategories")
    }

    /// `Post(s app_id, s category_id, s title, s body) → s request_id`.
    func post(_ app: AppID, category: String, title: String, body: String) async throws -> String {
        let reply = try await proxy.call("Post", [.string(app.rawValue), .string(category), .string(title), .string(body)])
        return try string(from: reply, of: "Post")
    }

    /// `Add(s app_id, s request_json) → s request_id`.
    func add(_ app: AppID, json: String) async throws -> String {
        try string(from: await proxy.call("Add", [.string(app.rawValue), .string(json)]), of: "Add")
    }

    /// `PostPayload(s app_id, s apns_json) → s request_id`.
    func postPayload(_ app: AppID, json: String) async throws -> String {
        try string(from: await proxy.call("PostPayload", [.string(app.rawValue), .string(json)]), of: "PostPayload")
    }

    /// Sends a ``PostCall``: `Post` or `Add`; returns the request id.
    func send(_ call: PostCall, for app: AppID) async throws -> String {
        switch call {
        case let .post(category, title, body): try await post(app, category: category, title: title, body: body)
        case let .add(json): try await add(app, json: json)
        }
    }

    /// `Get<shelf>(s app_id) → s json`: the requests pending or delivered.
    func requests(_ shelf: Shelf, of app: AppID) async throws -> String {
        try string(from: await proxy.call("Get\(shelf.rawValue)", [.string(app.rawValue)]), of: "Get\(shelf.rawValue)")
    }

    /// `Remove<shelf>(s app_id, as ids)`, or `RemoveAll<shelf>(s app_id)` for nil.
    func remove(_ shelf: Shelf, of app: AppID, ids: [String]?) async throws {
        if let ids {
            _ = try await proxy.call("Remove\(shelf.rawValue)", [.string(app.rawValue), ids.dbusValue])
        } else {
            _ = try await proxy.call("RemoveAll\(shelf.rawValue)", [.string(app.rawValue)])
        }
    }

    /// `SetExecHandler(s app_id, as argv)`.
    func setExecHandler(_ app: AppID, argv: [String]) async throws {
        _ = try await proxy.call("SetExecHandler", [.string(app.rawValue), argv.dbusValue])
    }

    /// `RemoveHandler(s app_id)`.
    func removeHandler(_ app: AppID) async throws {
        _ = try await proxy.call("RemoveHandler", [.string(app.rawValue)])
    }

    /// `RespondPrimary(s app_id) → (s app_id, s request_id, s action_id)`; nil: any app.
    func respondPrimary(_ app: AppID?) async throws -> (app: String, request: String, action: String) {
        let reply = try await proxy.call("RespondPrimary", [.string(app?.rawValue ?? "")])
        let strings = reply.compactMap { $0.as(String.self) }
        guard reply.count == 3, strings.count == 3 else {
            throw DBusError(.invalidSignature, "RespondPrimary replied with an unexpected signature; is this usernoted?")
        }
        return (strings[0], strings[1], strings[2])
    }

    /// `Response` signals, all or those of one app (and request), matched by the bus on `arg0` (`arg1`).
    func responses(of app: AppID?, request: String? = nil) async throws -> AsyncStream<Message> {
        var arguments: [Int: String] = [:]
        if let app { arguments[0] = app.rawValue }
        if let request { arguments[1] = request }
        return try await proxy.connection.signals(matching: MatchRule(
            sender: Self.busName, path: Self.path, interface: Self.interface, member: "Response", arguments: arguments))
    }

    /// Whether the daemon currently owns its bus name.
    func isRunning() async throws -> Bool {
        let reply = try await proxy.connection.call(
            destination: Bus.name, path: Bus.path, interface: Bus.interface, method: "NameHasOwner", [.string(Self.busName)])
        return reply.first?.as(Bool.self) ?? false
    }

    /// The single string of a reply, or an error naming the method that sent something else.
    private func string(from reply: [Value], of method: String) throws(DBusError) -> String {
        guard reply.count == 1, let text = reply[0].as(String.self) else {
            throw DBusError(.invalidSignature, "\(method) replied with an unexpected signature; is this usernoted?")
        }
        return text
    }
}

/// Where requests wait: scheduled (`Pending`) or on screen (`Delivered`); the method names' middle part.
enum Shelf: String, Sendable {
    case pending = "Pending"
    case delivered = "Delivered"
}
