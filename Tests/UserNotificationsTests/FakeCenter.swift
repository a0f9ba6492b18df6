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
    /// The JSON `GetCategories`, `GetPending` and `GetDelivered` answer, by method.
    let replies = Replies()

    init() async throws {
        bus = try PrivateBus()
        connection = try await bus.connect()
        _ = try await connection.requestName("io.github.usernoted")
        let calls = calls
        let replies = replies
        func method(_ name: String, _ inputs: String, out: String = "") -> Method {
            Method(name, in: inputs, out: out) { call in
                calls.put(Call(method: name, arguments: call.arguments))
                return out.isEmpty ? [] : [.string(replies.json.withLock { $0[name] } ?? "[]")]
            }
        }
        connection.export([Interface("io.github.usernoted.Center1", methods: [
            method("SetCategories", "s app_id, s json"),
            method("GetCategories", "s app_id", out: "s json"),
            method("Add", "s app_id, s json", out: "s id"),
            method("GetPending", "s app_id", out: "s json"),
            method("RemovePending", "s app_id, as ids"),
            method("RemoveAllPending", "s app_id"),
            method("GetDelivered", "s app_id", out: "s json"),
            method("RemoveDelivered", "s app_id, as ids"),
            method("RemoveAllDelivered", "s app_id"),
            method("RegisterHandler", "s app_id, o path"),
            method("SetBadge", "s app_id, i count"),
        ])], at: "/io/github/usernoted")
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
