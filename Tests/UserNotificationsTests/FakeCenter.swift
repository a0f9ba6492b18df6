import UsernotedAPI
import DBus
import Synchronization
import TestSupport
import UserNotifications

/// A stand-in for usernoted on a private bus: owns `io.github.usernoted`, serves the
/// Center1 methods the client calls, records each call, and answers with canned JSON.
final class FakeCenter: Sendable {
    /// One recorded call: the method and its arguments.
    struct Call: Sendable {
        var method: String
        var arguments: [Value]
    }

    let bus: PrivateBus
    let connection: Connection
    /// Every call, in arrival order.
    let calls = Inbox<Call>()
    /// The JSON (or string) each method answers, by method.
    let replies = Replies()

    init() async throws {
        bus = try PrivateBus()
        connection = try await bus.connect()
        _ = try await connection.requestName(Center1.busName)
        let calls = calls
        let replies = replies
        /// Records each call of `declaration` and answers the canned JSON, if it answers anything.
        func method<each Input, Output>(_ declaration: MethodDeclaration<repeat each Input, Output>) -> Method {
            Method(declaration, body: .serial { call in
                calls.put(Call(method: declaration.name, arguments: call.arguments))
                return declaration.outputs.isEmpty ? [] : [.string(replies.json.withLock { $0[declaration.name] } ?? "[]")]
            })
        }
        connection.export([Interface(Center1.interface, methods: [
            method(Center1.setCategories), method(Center1.getCategories), method(Center1.add),
            method(Center1.getPending), method(Center1.removePending), method(Center1.removeAllPending),
            method(Center1.getDelivered), method(Center1.removeDelivered), method(Center1.removeAllDelivered),
            method(Center1.registerHandler), method(Center1.setBadge), method(Center1.getSettings), method(Center1.getPushToken),
            method(Center1.subscribe), method(Center1.unsubscribe), method(Center1.requestAuthorization),
        ])], at: Center1.path)
    }

    /// A center for `appID` on a new connection to the fake's bus.
    func center(appID: String = "org.example.Calendar") async throws -> UNUserNotificationCenter {
        UNUserNotificationCenter(appID: appID, connection: try await bus.connect())
    }

    /// The next call, which must be `method`; returns its arguments after the app id.
    func next(_ method: String) async throws -> [Value] {
        let call = try await calls.next(within: .seconds(10), method)
        guard call.method == method else { throw TestSupportError("expected \(method), got \(call.method)") }
        return Array(call.arguments.dropFirst())
    }
}

/// Canned replies of a ``FakeCenter``, shared with its method handlers.
final class Replies: Sendable {
    let json = Mutex<[String: String]>([:])

    /// Makes `method` answer `json`.
    func set(_ method: String, _ json: String) { self.json.withLock { $0[method] = json } }
}
