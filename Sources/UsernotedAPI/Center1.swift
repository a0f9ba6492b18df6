import DBus

/// `io.github.usernoted.Center1`, the apps' side of usernoted, declared once: the daemon
/// serves these declarations and every client (the Swift library, usernotectl, tests)
/// calls them. Every method but the user's Focus calls takes the app id first; structured values are JSON strings.
public enum Center1 {
    public static let busName = "io.github.usernoted"
    public static let path: ObjectPath = "/io/github/usernoted"
    public static let interface = "io.github.usernoted.Center1"

    public static let setCategories = MethodDeclaration<String, String, NoReply>(
        "SetCategories", in: "app_id", "categories_json")
    public static let getCategories = MethodDeclaration<String, String>("GetCategories", in: "app_id", out: "json")
    public static let post = MethodDeclaration<String, String, String, String, String>(
        "Post", in: "app_id", "category_id", "title", "body", out: "request_id")
    public static let add = MethodDeclaration<String, String, String>("Add", in: "app_id", "request_json", out: "request_id")
    public static let postPayload = MethodDeclaration<String, String, String>(
        "PostPayload", in: "app_id", "apns_json", out: "request_id")
    public static let getPending = MethodDeclaration<String, String>("GetPending", in: "app_id", out: "json")
    public static let removePending = MethodDeclaration<String, [String], NoReply>("RemovePending", in: "app_id", "ids")
    public static let removeAllPending = MethodDeclaration<String, NoReply>("RemoveAllPending", in: "app_id")
    public static let getDelivered = MethodDeclaration<String, String>("GetDelivered", in: "app_id", out: "json")
    public static let removeDelivered = MethodDeclaration<String, [String], NoReply>("RemoveDelivered", in: "app_id", "ids")
    public static let removeAllDelivered = MethodDeclaration<String, NoReply>("RemoveAllDelivered", in: "app_id")
    public static let registerHandler = MethodDeclaration<String, ObjectPath, NoReply>("RegisterHandler", in: "app_id", "path")
    public static let setExecHandler = MethodDeclaration<String, [String], NoReply>("SetExecHandler", in: "app_id", "argv")
    public static let removeHandler = MethodDeclaration<String, NoReply>("RemoveHandler", in: "app_id")
    /// Runs argv (no shell, as an exec handler) for each `mutable-content` request of the app, to change its content before it is shown.
    public static let setServiceExtension = MethodDeclaration<String, [String], NoReply>(
        "SetServiceExtension", in: "app_id", "argv")
    /// The app has no service extension any more: its `mutable-content` requests are shown as they come.
    public static let removeServiceExtension = MethodDeclaration<String, NoReply>("RemoveServiceExtension", in: "app_id")
    /// An empty app id answers the newest notification of any app.
    public static let respondPrimary = MethodDeclaration<String, PrimaryResponse>(
        "RespondPrimary", in: "app_id", out: "app_id", "request_id", "action_id")
    /// The app's device token for remote notifications: the MQTT topic a provider publishes its pushes to.
    public static let getPushToken = MethodDeclaration<String, String>("GetPushToken", in: "app_id", out: "token")
    public static let setBadge = MethodDeclaration<String, Int32, NoReply>("SetBadge", in: "app_id", "count")
    /// The user's settings of the app as JSON; an empty app id: every known app's, keyed by app id.
    public static let getSettings = MethodDeclaration<String, String>("GetSettings", in: "app_id", out: "json")
    /// Changes the fields of the app's settings that the JSON gives; for the user's own programs only.
    public static let setSettings = MethodDeclaration<String, String, NoReply>("SetSettings", in: "app_id", "settings_json")
    /// The app's authorization as stored (`authorized`, `denied`, `provisional`); an app usernoted
    /// has not seen is recorded as `authorized`, or, when config.toml says to ask, the user is asked
    /// and the reply is `notDetermined`: the answer follows as ``authorizationChanged``.
    public static let requestAuthorization = MethodDeclaration<String, String>(
        "RequestAuthorization", in: "app_id", out: "authorization_status")
    /// Turns the user's own Focus on or off (a FocusSetting as JSON); for the user's own programs only.
    public static let setFocus = MethodDeclaration<String, NoReply>("SetFocus", in: "focus_json")
    /// Focus as it is now (a FocusStatus as JSON): on or not, what turned it on, how many notifications it holds.
    public static let getFocus = MethodDeclaration<String>("GetFocus", out: "json")
    /// The caller's connection gets the app's `Response` signals from now on; an empty app id: every app's.
    public static let subscribe = MethodDeclaration<String, NoReply>("Subscribe", in: "app_id")
    /// Ends a subscription made with ``subscribe`` (an empty app id: the one to every app).
    public static let unsubscribe = MethodDeclaration<String, NoReply>("Unsubscribe", in: "app_id")

    /// Sent for every response, to each connection subscribed to its app alone (never
    /// broadcast); the reliable path is ``Handler1/didReceive``.
    public static let response = SignalDeclaration<String, String, String, String, String>(
        "Response", "app_id", "request_id", "action_id", "user_text", "response_json")

    /// Sent when the user answers the question ``requestAuthorization`` asked (`authorized`,
    /// `denied`, or `notDetermined` when the question was closed unanswered), to each connection
    /// subscribed to the app alone, like ``response``.
    public static let authorizationChanged = SignalDeclaration<String, String>(
        "AuthorizationChanged", "app_id", "authorization_status")

    /// A match rule for the `AuthorizationChanged` signals of `app` a subscriber gets.
    public static func authorizationChanges(of app: String) -> MatchRule {
        MatchRule(sender: busName, path: path, interface: interface, member: authorizationChanged.name, arguments: [0: app])
    }

    /// A match rule for the `Response` signals a subscriber gets: all, or those of one app (and request).
    public static func responses(of app: String?, request: String? = nil) -> MatchRule {
        var arguments: [Int: String] = [:]
        if let app { arguments[0] = app }
        if let request { arguments[1] = request }
        return MatchRule(sender: busName, path: path, interface: interface, member: response.name, arguments: arguments)
    }
}

extension Proxy {
    /// usernoted's `Center1` as an app reaches it on `connection`.
    public static func usernotedCenter(on connection: Connection) -> Proxy {
        Proxy(connection: connection, destination: Center1.busName, path: Center1.path, interface: Center1.interface)
    }

    /// `Response` signals of `app` (empty: of every app, which only the user's unsandboxed
    /// programs may ask for), from the moment this returns: the match rule, then `Subscribe`.
    /// The subscription ends with the connection (or the daemon: subscribe again when it restarts).
    public func subscribeToResponses(of app: String, request: String? = nil) async throws -> SignalStream {
        let signals = try await connection.signals(matching: Center1.responses(of: app.isEmpty ? nil : app, request: request))
        try await call(Center1.subscribe, app)
        return signals
    }
}
