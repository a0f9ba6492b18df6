import DBus
import UserNotificationsCore

/// `io.github.usernoted.Center1`, declared as data: each method's D-Bus signature next
/// to what it does. The calls that show or schedule (`Post`, `Add`, `PostPayload`) are
/// concurrent: many can be in flight, each answered when its notification is shown or
/// stored; the others are answered one at a time.
public enum CenterInterface {
    public static let busName = "io.github.usernoted"
    public static let path: ObjectPath = "/io/github/usernoted"
    public static let name = "io.github.usernoted.Center1"

    /// The interface served at `path`.
    static func make(center: Center, router: Router) -> Interface {
        Interface(
            name,
            methods: [
                Method("SetCategories", in: "s app_id, s categories_json") { call in
                    try await center.setCategories(try app(call), json: call.argument(1))
                    return []
                },
                Method("GetCategories", in: "s app_id", out: "s json") { call in
                    [.string(await center.categoriesJSON(try app(call)))]
                },
                Method("Post", in: "s app_id, s category_id, s title, s body", out: "s request_id", concurrent: true) { call in
                    let id = try await center.post(
                        try app(call), category: call.argument(1), title: call.argument(2), body: call.argument(3))
                    return [.string(id)]
                },
                Method("Add", in: "s app_id, s request_json", out: "s request_id", concurrent: true) { call in
                    [.string(try await center.add(try app(call), json: call.argument(1)))]
                },
                Method("PostPayload", in: "s app_id, s apns_json", out: "s request_id", concurrent: true) { call in
                    [.string(try await center.postPayload(try app(call), json: call.argument(1)))]
                },
                Method("GetPending", in: "s app_id", out: "s json") { call in
                    [.string(try await center.pendingJSON(try app(call)))]
                },
                Method("RemovePending", in: "s app_id, as ids") { call in
                    try await center.removePending(try app(call), ids: call.argument(1, as: [String].self))
                    return []
                },
                Method("RemoveAllPending", in: "s app_id") { call in
                    try await center.removePending(try app(call), ids: nil)
                    return []
                },
                Method("GetDelivered", in: "s app_id", out: "s json") { call in
                    [.string(await center.deliveredJSON(try app(call)))]
                },
                Method("RemoveDelivered", in: "s app_id, as ids") { call in
                    try await center.removeDelivered(try app(call), ids: call.argument(1, as: [String].self))
                    return []
                },
                Method("RemoveAllDelivered", in: "s app_id") { call in
                    try await center.removeDelivered(try app(call), ids: nil)
                    return []
                },
                Method("RegisterHandler", in: "s app_id, o path") { call in
                    try await router.register(try app(call), caller: call.sender, path: call.argument(1))
                    return []
                },
                Method("SetExecHandler", in: "s app_id, as argv") { call in
                    try await router.setExec(try app(call), argv: call.argument(1, as: [String].self))
                    return []
                },
                Method("SetBadge", in: "s app_id, i count") { call in
                    try await center.setBadge(try app(call), count: Int(call.argument(1, as: Int32.self)))
                    return []
                },
            ],
            signals: [
                SignalDeclaration("Response", "s app_id, s request_id, s action_id, s user_text, s response_json"),
            ])
    }

    /// The validated app id every method takes first.
    private static func app(_ call: MethodCall) throws(CenterError) -> AppID {
        try rethrowingModelErrors { () throws(ModelError) in try AppID(validating: call.argument(0)) }
    }
}

/// `io.github.usernoted.Handler1`, served by apps.
public enum HandlerInterface {
    public static let name = "io.github.usernoted.Handler1"
}
