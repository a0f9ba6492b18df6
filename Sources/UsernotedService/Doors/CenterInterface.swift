import DBus
import UserNotificationsCore
import UsernotedAPI

/// `io.github.usernoted.Center1` as the daemon serves it: each declaration of ``Center1``
/// next to what it does, by area, in the order ``Center1`` declares them (the introspection
/// XML follows it).
enum CenterInterface {
    /// The interface served at `Center1.path`. Every method's body runs only once `callers`
    /// says the sender may act for the app id the call names first (and, with
    /// `runsPrograms`, may have programs run for it).
    /// `push` gives the device tokens' topics as they are now (nil: push is off).
    static func make(
        center: Center, categories: CategoryRegistry, authorization: Authorization, router: Router, attention: Attention,
        callers: CallerCheck, subscribers: ResponseSubscribers,
        push: @escaping @Sendable () -> PushTopics? = { nil }
    ) -> Interface {
        let checked = CheckedMethods(callers: callers)
        return Interface(
            Center1.interface,
            methods: posting(checked, center: center, categories: categories)
                + pendingAndDelivered(checked, center: center)
                + handlers(checked, router: router, extensions: center.extensions)
                + answersTokensAndBadges(checked, center: center, push: push)
                + settingsAndFocus(checked, authorization: authorization, attention: attention)
                + subscriptions(checked, subscribers: subscribers),
            signals: [Center1.response.signal, Center1.authorizationChanged.signal])
    }

    /// Categories, and the three ways to post.
    private static func posting(_ checked: CheckedMethods, center: Center, categories: CategoryRegistry) -> [Method] {
        [
            checked.method(Center1.setCategories) { _, app, json in
                try await categories.set(app, json: json, limits: await center.limits)
            },
            checked.method(Center1.getCategories) { _, app in categories.json(of: app) },
            checked.pipelined(Center1.post) { _, app, category, title, body in
                try await center.post(app, category: category, title: title, body: body)
            },
            checked.pipelined(Center1.add) { call, app, json in
                let attachments = await checked.callers.attachmentDirectory(of: call.sender)
                return try await center.add(app, json: json, attachmentsWithin: attachments)
            },
            checked.pipelined(Center1.postPayload) { _, app, json in try await center.postPayload(app, json: json) },
        ]
    }

    /// What is scheduled, and what is on screen or held.
    private static func pendingAndDelivered(_ checked: CheckedMethods, center: Center) -> [Method] {
        [
            checked.method(Center1.getPending) { _, app in try await center.pendingJSON(app) },
            checked.method(Center1.removePending) { _, app, ids in
                try await center.removePending(app, ids: ids)
            },
            checked.method(Center1.removeAllPending) { _, app in
                try await center.removePending(app, ids: nil)
            },
            checked.method(Center1.getDelivered) { _, app in await center.deliveredJSON(app) },
            checked.method(Center1.removeDelivered) { _, app, ids in
                try await center.removeDelivered(app, ids: ids)
            },
            checked.method(Center1.removeAllDelivered) { _, app in
                try await center.removeDelivered(app, ids: nil)
            },
        ]
    }

    /// Who takes an app's responses, and the program that changes its requests first.
    private static func handlers(_ checked: CheckedMethods, router: Router, extensions: ServiceExtensions) -> [Method] {
        [
            checked.method(Center1.registerHandler) { call, app, path in
                try await router.register(app, caller: call.sender, path: path)
            },
            checked.method(Center1.setExecHandler, runsPrograms: true) { _, app, argv in
                try await router.setExec(app, argv: argv)
            },
            checked.method(Center1.removeHandler) { _, app in
                try await router.removeHandler(app)
            },
            checked.method(Center1.setServiceExtension, runsPrograms: true) { _, app, argv in
                try await extensions.set(app, argv: argv)
            },
            checked.method(Center1.removeServiceExtension) { _, app in
                try await extensions.remove(app)
            },
        ]
    }

    /// A notification answered with its primary action, an app's device token, its badge.
    private static func answersTokensAndBadges(
        _ checked: CheckedMethods, center: Center, push: @escaping @Sendable () -> PushTopics?
    ) -> [Method] {
        [
            Method(Center1.respondPrimary) { call, named in
                let app = try await checked.everyAppOrOne(named, of: call.sender)
                let answered = try await center.respondPrimary(app)
                return PrimaryResponse(
                    appID: answered.appID.rawValue, requestID: answered.request.identifier,
                    actionIdentifier: answered.actionIdentifier)
            },
            checked.method(Center1.getPushToken) { _, app in
                guard let push = push() else {
                    throw CenterError(.noBroker, "remote notifications are off: set [push] broker in config.toml (see docs/push.md)")
                }
                return push.token(of: app)
            },
            checked.method(Center1.setBadge) { _, app, count in
                try await center.setBadge(app, count: Int(count))
            },
        ]
    }

    /// The user's settings of each app, whether it may notify, and Focus.
    private static func settingsAndFocus(_ checked: CheckedMethods, authorization: Authorization, attention: Attention) -> [Method] {
        let callers = checked.callers
        return [
            Method(Center1.getSettings) { call, named in
                guard let app = try await checked.everyAppOrOne(named, of: call.sender) else {
                    return ModelJSON.encode(authorization.allSettings)
                }
                return ModelJSON.encode(authorization.settings(of: app))
            },
            Method(Center1.setSettings) { call, named, json in
                try await authorization.setSettings(try await callers.user(named, of: call.sender), json: json)
            },
            checked.method(Center1.requestAuthorization) { _, app in try await authorization.request(app) },
            Method(Center1.setFocus) { call, json in
                _ = try await callers.everyApp(of: call.sender)
                _ = try await attention.setFocus(json: json)
            },
            Method(Center1.getFocus) { call in
                _ = try await callers.everyApp(of: call.sender)
                return ModelJSON.encode(await attention.status())
            },
        ]
    }

    /// The `Response` signals a connection gets.
    private static func subscriptions(_ checked: CheckedMethods, subscribers: ResponseSubscribers) -> [Method] {
        [
            Method(Center1.subscribe) { call, named in
                try await subscribers.subscribe(call.sender, to: try await checked.everyAppOrOne(named, of: call.sender))
            },
            Method(Center1.unsubscribe) { call, named in
                subscribers.unsubscribe(call.sender, from: try await checked.everyAppOrOne(named, of: call.sender))
            },
        ]
    }
}
