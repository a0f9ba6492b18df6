import DBus
import UserNotificationsCore

/// `io.github.usernoted.Center1`, declared as data: each method's D-Bus signature next
/// to what it does.
public enum CenterInterface {
    public static let busName = "io.github.usernoted"
    public static let path: ObjectPath = "/io/github/usernoted"
    public static let name = "io.github.usernoted.Center1"

    /// The interface served at `path`. Every method takes the app id first and is declared
    /// with `method`, whose body runs only once `callers` says the sender may act for that
    /// app id (and, with `runsPrograms`, may have programs run for it).
    static func make(center: Center, router: Router, callers: CallerCheck) -> Interface {
        func method(
            _ name: String, in inputs: String, out outputs: String = "", runsPrograms: Bool = false,
            _ body: @escaping @Sendable (MethodCall, AppID) async throws -> [Value]
        ) -> Method {
            precondition(inputs.hasPrefix("s app_id"), "\(name) must take the app id first")
            return Method(name, in: inputs, out: outputs) { call in
                try await body(call, try await callers.app(of: call, runsPrograms: runsPrograms))
            }
        }
        /// A method declared like `method` that answers a request id: its body returns the
        /// rest of the call once what must follow the order of the calls is done (see
        /// `Method.Body.pipelined`).
        func pipelined(
            _ name: String, in inputs: String, _ body: @escaping @Sendable (MethodCall, AppID) async throws -> Center.Rest<String>
        ) -> Method {
            precondition(inputs.hasPrefix("s app_id"), "\(name) must take the app id first")
            return Method(name, in: inputs, out: "s request_id", body: .pipelined { call in
                let id = try await body(call, try await callers.app(of: call))
                return { [.string(try await id())] }
            })
        }
        return Interface(
            name,
            methods: [
                method("SetCategories", in: "s app_id, s categories_json") { call, app in
                    try await center.setCategories(app, json: call.argument(1))
                    return []
                },
                method("GetCategories", in: "s app_id", out: "s json") { call, app in
                    [.string(await center.categoriesJSON(app))]
                },
                pipelined("Post", in: "s app_id, s category_id, s title, s body") { call, app in
                    try await center.startPost(app, category: call.argument(1), title: call.argument(2), body: call.argument(3))
                },
                pipelined("Add", in: "s app_id, s request_json") { call, app in
                    let attachments = await callers.attachmentDirectory(of: call.sender)
                    return try await center.startAdd(app, json: call.argument(1), attachmentsWithin: attachments)
                },
                pipelined("PostPayload", in: "s app_id, s apns_json") { call, app in
                    try await center.startPostPayload(app, json: call.argument(1))
                },
                method("GetPending", in: "s app_id", out: "s json") { call, app in
                    [.string(try await center.pendingJSON(app))]
                },
                method("RemovePending", in: "s app_id, as ids") { call, app in
                    try await center.removePending(app, ids: call.argument(1, as: [String].self))
                    return []
                },
                method("RemoveAllPending", in: "s app_id") { call, app in
                    try await center.removePending(app, ids: nil)
                    return []
                },
                method("GetDelivered", in: "s app_id", out: "s json") { call, app in
                    [.string(await center.deliveredJSON(app))]
                },
                method("RemoveDelivered", in: "s app_id, as ids") { call, app in
                    try await center.removeDelivered(app, ids: call.argument(1, as: [String].self))
                    return []
                },
                method("RemoveAllDelivered", in: "s app_id") { call, app in
                    try await center.removeDelivered(app, ids: nil)
                    return []
                },
                method("RegisterHandler", in: "s app_id, o path") { call, app in
                    try await router.register(app, caller: call.sender, path: call.argument(1))
                    return []
                },
                method("SetExecHandler", in: "s app_id, as argv", runsPrograms: true) { call, app in
                    try await router.setExec(app, argv: call.argument(1, as: [String].self))
                    return []
                },
                method("RemoveHandler", in: "s app_id") { call, app in
                    try await router.removeHandler(app)
                    return []
                },
                // An empty app id answers the newest notification of any app.
                Method("RespondPrimary", in: "s app_id", out: "s app_id, s request_id, s action_id") { call in
                    let only: String = call.argument(0)
                    let app = only.isEmpty ? try await callers.everyApp(of: call) : try await callers.app(of: call)
                    let answered = try await center.respondPrimary(app)
                    return [.string(answered.appID.rawValue), .string(answered.request.identifier), .string(answered.actionIdentifier)]
                },
                method("SetBadge", in: "s app_id, i count") { call, app in
                    try await center.setBadge(app, count: Int(call.argument(1, as: Int32.self)))
                    return []
                },
            ],
            signals: [
                SignalDeclaration("Response", "s app_id, s request_id, s action_id, s user_text, s response_json"),
            ])
    }
}

/// `io.github.usernoted.Handler1`, served by apps.
public enum HandlerInterface {
    public static let name = "io.github.usernoted.Handler1"
}
