import DBus
import UserNotificationsCore
import UsernotedAPI

/// `io.github.usernoted.Center1` as the daemon serves it: each declaration of ``Center1``
/// next to what it does.
enum CenterInterface {
    /// The interface served at `Center1.path`. Every method's body runs only once `callers`
    /// says the sender may act for the app id the call names first (and, with
    /// `runsPrograms`, may have programs run for it).
    /// `push` gives the device tokens' topics as they are now (nil: push is off).
    static func make(
        center: Center, categories: CategoryRegistry, authorization: Authorization, router: Router, attention: Attention, callers: CallerCheck,
        subscribers: ResponseSubscribers,
        push: @escaping @Sendable () -> PushTopics? = { nil }
    ) -> Interface {
        /// A method whose handler gets the checked app id and the other arguments.
        func method<each Input, Output>(
            _ declaration: MethodDeclaration<String, repeat each Input, Output>, runsPrograms: Bool = false,
            _ body: @escaping @Sendable (MethodCall, AppID, repeat each Input) async throws -> Output
        ) -> Method {
            Method(declaration, body: .serial { call in
                let (named, arguments) = try split(declaration, call)
                let app = try await callers.app(named, of: call.sender, runsPrograms: runsPrograms)
                return try await body(call, app, repeat each arguments).values
            })
        }
        /// A method declared like `method` that replies nothing.
        func method<each Input>(
            _ declaration: MethodDeclaration<String, repeat each Input, NoReply>, runsPrograms: Bool = false,
            _ body: @escaping @Sendable (MethodCall, AppID, repeat each Input) async throws -> Void
        ) -> Method {
            Method(declaration, body: .serial { call in
                let (named, arguments) = try split(declaration, call)
                try await body(call, try await callers.app(named, of: call.sender, runsPrograms: runsPrograms), repeat each arguments)
                return []
            })
        }
        /// A method declared like `method` that answers once its continuation is done (see
        /// `Method.Body.pipelined`).
        func pipelined<each Input, Output>(
            _ declaration: MethodDeclaration<String, repeat each Input, Output>,
            _ body: @escaping @Sendable (MethodCall, AppID, repeat each Input) async throws -> Center.Continuation<Output>
        ) -> Method {
            Method(declaration, body: .pipelined { call in
                let (named, arguments) = try split(declaration, call)
                let continuation = try await body(call, try await callers.app(named, of: call.sender), repeat each arguments)
                return { try await continuation().values }
            })
        }
        /// The app id `named`, or nil for an empty one (every app: the user's own programs only).
        @Sendable func everyAppOrOne(_ named: String, of sender: String) async throws -> AppID? {
            named.isEmpty ? try await callers.everyApp(of: sender) : try await callers.app(named, of: sender)
        }
        return Interface(
            Center1.interface,
            methods: [
                method(Center1.setCategories) { _, app, json in
                    try await categories.set(app, json: json, limits: await center.limits)
                },
                method(Center1.getCategories) { _, app in categories.json(of: app) },
                pipelined(Center1.post) { _, app, category, title, body in
                    try await center.post(app, category: category, title: title, body: body)
                },
                pipelined(Center1.add) { call, app, json in
                    let attachments = await callers.attachmentDirectory(of: call.sender)
                    return try await center.add(app, json: json, attachmentsWithin: attachments)
                },
                pipelined(Center1.postPayload) { _, app, json in try await center.postPayload(app, json: json) },
                method(Center1.getPending) { _, app in try await center.pendingJSON(app) },
                method(Center1.removePending) { _, app, ids in
                    try await center.removePending(app, ids: ids)
                },
                method(Center1.removeAllPending) { _, app in
                    try await center.removePending(app, ids: nil)
                },
                method(Center1.getDelivered) { _, app in await center.deliveredJSON(app) },
                method(Center1.removeDelivered) { _, app, ids in
                    try await center.removeDelivered(app, ids: ids)
                },
                method(Center1.removeAllDelivered) { _, app in
                    try await center.removeDelivered(app, ids: nil)
                },
                method(Center1.registerHandler) { call, app, path in
                    try await router.register(app, caller: call.sender, path: path)
                },
                method(Center1.setExecHandler, runsPrograms: true) { _, app, argv in
                    try await router.setExec(app, argv: argv)
                },
                method(Center1.removeHandler) { _, app in
                    try await router.removeHandler(app)
                },
                method(Center1.setServiceExtension, runsPrograms: true) { _, app, argv in
                    try await center.extensions.set(app, argv: argv)
                },
                method(Center1.removeServiceExtension) { _, app in
                    try await center.extensions.remove(app)
                },
                Method(Center1.respondPrimary) { call, named in
                    let app = try await everyAppOrOne(named, of: call.sender)
                    let answered = try await center.respondPrimary(app)
                    return PrimaryResponse(
                        appID: answered.appID.rawValue, requestID: answered.request.identifier,
                        actionIdentifier: answered.actionIdentifier)
                },
                method(Center1.getPushToken) { _, app in
                    guard let push = push() else {
                        throw CenterError(.noBroker, "remote notifications are off: set [push] broker in config.toml (see docs/push.md)")
                    }
                    return push.token(of: app)
                },
                method(Center1.setBadge) { _, app, count in
                    try await center.setBadge(app, count: Int(count))
                },
                Method(Center1.getSettings) { call, named in
                    guard let app = try await everyAppOrOne(named, of: call.sender) else {
                        return ModelJSON.encode(authorization.allSettings)
                    }
                    return ModelJSON.encode(authorization.settings(of: app))
                },
                Method(Center1.setSettings) { call, named, json in
                    try await authorization.setSettings(try await callers.user(named, of: call.sender), json: json)
                },
                method(Center1.requestAuthorization) { _, app in try await authorization.request(app) },
                Method(Center1.setFocus) { call, json in
                    _ = try await callers.everyApp(of: call.sender)
                    _ = try await attention.setFocus(json: json)
                },
                Method(Center1.getFocus) { call in
                    _ = try await callers.everyApp(of: call.sender)
                    return ModelJSON.encode(await attention.status())
                },
                Method(Center1.subscribe) { call, named in
                    try await subscribers.subscribe(call.sender, to: try await everyAppOrOne(named, of: call.sender))
                },
                Method(Center1.unsubscribe) { call, named in
                    subscribers.unsubscribe(call.sender, from: try await everyAppOrOne(named, of: call.sender))
                },
            ],
            signals: [Center1.response.signal, Center1.authorizationChanged.signal])
    }

    /// The app id a call names first, and its other arguments.
    private static func split<each Input, Output>(
        _ declaration: MethodDeclaration<String, repeat each Input, Output>, _ call: MethodCall
    ) throws(DBusError) -> (String, (repeat each Input)) {
        guard let named = call.arguments.first?.as(String.self) else {
            throw DBusError(.invalidArgs, "\(declaration.name) takes the app id first")
        }
        return (named, try TypedBody.decode(call.arguments.dropFirst(), as: repeat (each Input).self, in: declaration.name))
    }
}
