import UsernotedAPI
import DBus
import EventLoop
import FreedesktopNotifications
import Foundation
import Logging
import UserNotificationsCore

/// Routes each response to its app: the `Response` signal for its subscribers, and the app's
/// handler — `Handler1.DidReceive` on the bus, an exec handler, or for an app that
/// registered neither (and for every GLib notification), `org.freedesktop.Application` —
/// which acknowledges by answering. A response waits in the store's outbox until acknowledged, across restarts:
/// retried with backoff while the handler fails, delivered as soon as a handler that is
/// away comes back, dropped (with a log line) only when older than the policy's age.
/// Each app's responses go in order; one app's slow handler never holds up another's.
/// Each app's progress is one ``Delivery`` value (its phase, its backoff, its place in
/// line); the router does the I/O its transitions call for.
actor Router {
    private let connection: Connection
    private let bridge: NotificationBridge
    /// Takes off screen what a handler dismissed.
    let center: Center
    /// Shows again what a handler kept after the server had closed it.
    private let showing: Showing
    /// Says which actions ask for an unlocked session.
    private let categories: CategoryRegistry
    /// Takes the answers to the prompts asking whether an app may notify.
    private let authorization: Authorization
    private let store: Store
    /// Who gets the `Response` signal.
    private let subscribers: ResponseSubscribers
    private var policy: DeliveryPolicy
    private var text: TextPolicy
    private let logger: Logger
    /// The wall clock responses are dated and aged by.
    private let now: @Sendable () -> Date
    /// Who takes each app's responses.
    private let handlers: HandlerRegistry
    /// The watch on each bus handler's name.
    private var watches: [AppID: Task<Void, Never>] = [:]
    /// Where each app's delivery is.
    private var deliveries = Deliveries()
    /// Whether the session is locked: responses to `authenticationRequired` actions wait.
    private var locked = false
    /// Answers to pushed notifications are also published, through the broker, when push is on.
    private let answers: PushAnswers
    /// Takes the answers to the summaries of what Focus held.
    private let attention: Attention

    init(
        connection: Connection, bridge: NotificationBridge, center: Center, showing: Showing, categories: CategoryRegistry,
        authorization: Authorization, store: Store, handlers: HandlerRegistry, subscribers: ResponseSubscribers, attention: Attention,
        answers: PushAnswers, policy: DeliveryPolicy = DeliveryPolicy(), text: TextPolicy = TextPolicy(), logger: Logger, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.attention = attention
        self.handlers = handlers
        self.answers = answers
        self.connection = connection
        self.bridge = bridge
        self.center = center
        self.showing = showing
        self.categories = categories
        self.authorization = authorization
        self.store = store
        self.subscribers = subscribers
        self.policy = policy
        self.text = text
        self.logger = logger
        self.now = now
    }

    /// Takes back the handlers of a previous run (a unique name only if that connection is
    /// still on the bus), and delivers what waits in the outbox.
    func restore() async throws {
        for (app, target) in try await store.allHandlers() {
            if case .bus(let name, _) = target, target.isUniqueName, try await connection.nameOwner(name) == nil {
                try await store.removeHandler(app)
                continue
            }
            try await adopt(target, for: app)
        }
        for app in try await store.appsWithOutbox() { startFlush(app) }
    }

    /// Routes every interaction the bridge reports, and records the background pushes the
    /// center hands over, until they stop.
    func run() async {
        let background = recordBackgroundPushes()
        defer { background.cancel() }
        for await interaction in bridge.interactions { await route(interaction) }
    }

    /// Makes the caller's object at `path` the handler of `app` — under the app id when the
    /// caller owns that name, so it outlives this connection — and hands it what waits.
    func register(_ app: AppID, caller: String, path: ObjectPath) async throws {
        let ownsAppName = (try? await connection.nameOwner(app.rawValue)) == caller
        try await set(.bus(name: ownsAppName ? app.rawValue : caller, path: path), for: app)
    }

    /// Makes `argv` the handler of `app`: run once per response.
    func setExec(_ app: AppID, argv: [String]) async throws {
        if let problem = ProgramRun.problem(with: argv) { throw CenterError(.invalidRequest, problem) }
        try await set(.exec(argv: argv), for: app)
    }

    /// Forgets `app`'s handler: its responses wait in the outbox (or go to the app by
    /// `ActivateAction`) until it registers one again.
    func removeHandler(_ app: AppID) async throws {
        do {
            try await store.removeHandler(app)
        } catch {
            throw CenterError(.storageFailed, "cannot remove the handler from the state database, so it stays: \(error)")
        }
        handlers.set(nil, for: app)
        watches.removeValue(forKey: app)?.cancel()
        logger.info("handler removed", metadata: ["app": "\(app)"])
        startFlush(app)
    }

    private func set(_ target: HandlerTarget, for app: AppID) async throws {
        do {
            try await store.setHandler(app, target)
        } catch {
            throw CenterError(.storageFailed, "cannot save the handler to the state database, so it was not registered: \(error)")
        }
        try await adopt(target, for: app)
        logger.info("handler registered", metadata: ["app": "\(app)", "handler": "\(target)"])
        deliveries[app].handlerRegistered()
        startFlush(app)
    }

    /// Starts using `target`; a bus handler's name is watched: a unique name that leaves
    /// ends the registration, a well-known one that comes back gets what waits.
    private func adopt(_ target: HandlerTarget, for app: AppID) async throws {
        watches[app]?.cancel()
        guard case .bus(let name, _) = target else {
            watches[app] = nil
            handlers.set(target, for: app)
            return
        }
        let changes = try await connection.nameOwnerChanges(of: name)
        let watch = Task { [weak self] in
            for await change in changes { await self?.nameChanged(app, name: name, owner: change.newOwner) }
        }
        watches[app] = watch
        handlers.set(target, for: app)
    }

    private func nameChanged(_ app: AppID, name: String, owner: String) async {
        guard case .bus(let current, _)? = handlers.target(of: app), current == name else { return }
        if !owner.isEmpty {
            logger.info("handler is back on the bus", metadata: ["app": "\(app)", "name": "\(name)"])
            deliveries[app].handlerCameBack()
            startFlush(app)
        } else if name.hasPrefix(":") {
            handlers.set(nil, for: app)
            watches.removeValue(forKey: app)?.cancel()
            try? await store.removeHandler(app)
            logger.info("handler left the bus", metadata: ["app": "\(app)", "name": "\(name)"])
        }
    }

    /// Routes one interaction; a reply button pressed on a server without inline reply first
    /// asks the user for the text with the configured prompt (without holding up others).
    private func route(_ interaction: Interaction) async {
        if let own = await OwnNotifications.answer(interaction, prompts: authorization, summaries: attention) { return await follow(own) }
        guard interaction.userText == nil, !text.prompt.isEmpty,
              let action = interaction.category?.action(withIdentifier: interaction.actionIdentifier), action.isTextInput
        else { return await record(interaction) }
        let (argv, timeout) = (text.prompt, Duration.milliseconds(Int64(text.promptTimeoutSeconds * 1000)))
        Task { [weak self] in
            var answered = interaction
            answered.userText = await TextPrompt.ask(argv: argv, request: interaction.request, action: action, timeout: timeout)
            await self?.record(answered)
        }
    }

    /// Follows an answer to usernoted's own notification: its status announced, or its dismissals routed.
    private func follow(_ answer: OwnNotifications.Answer) async {
        switch answer {
        case .authorization(let app, let status):
            logger.info("authorization answered", metadata: ["app": "\(app)", "status": "\(status)"])
            subscribers.announce(authorization: status, of: app)
        case .dismissals(let dismissals):
            for dismissal in dismissals { await route(dismissal) }
        case .nothing: break
        }
    }

    /// Puts the response in the outbox and, when nothing older waits for its app, hands it to
    /// the handler at the same time: a crash before the commit loses it either way (the
    /// server's signal is gone), one after it delivers it again either way. Its acknowledgement
    /// is written after its insert (one writer, in order). Announced to its subscribers once
    /// committed: what the `Response` signal announced survives a crash of the daemon.
    private func record(_ interaction: Interaction) async {
        await record(NotificationResponse(
            appId: interaction.appID, requestId: interaction.request.identifier,
            actionIdentifier: interaction.actionIdentifier, userText: interaction.userText,
            notification: interaction.request, date: now(), activationToken: interaction.activationToken))
    }

    /// Records `response` as ``record(_:)-interaction`` does: an interaction's, or a background push's.
    func record(_ response: NotificationResponse) async {
        let json = ModelJSON.encode(response)
        // An answer to a push also goes to the broker, from the push outbox written in the same
        // transaction; a background push is the provider's own message, not an answer.
        let publishing = response.isBackgroundPush ? nil : await answers.outgoing(for: response, json: json)
        let saved = store.queueEnqueue(response, json: json, publishing: publishing)
        let place = deliveries[response.appId].recorded(.init(seq: saved, response: response, json: json))
        if place != nil { startFlush(response.appId) }
        do {
            _ = try await saved.value
            if publishing != nil { Task { [answers] in await answers.publishWaiting() } }
        } catch {
            logger.error("cannot save a response to the outbox; it is lost if no handler takes it now",
                         metadata: ["app": "\(response.appId)", "request": "\(response.requestId)", "error": "\(error)"])
        }
        deliveries[response.appId].line.committed()
        subscribers.announce(response, json: json)
        if !deliveries[response.appId].line.took(place) { startFlush(response.appId) }  // read from the store
    }

    /// Delivers `app`'s outbox in the background: one drain per app at a time, and one more
    /// right after it when asked meanwhile.
    private func startFlush(_ app: AppID) {
        Task { await SingleFlight.run(in: { $0(&deliveries[app].flushes) }) { await drain(app) } }
    }

    /// Delivers the outbox of `app` in order while its handler acknowledges; leaves the
    /// delivery in the phase that says why it stopped. Whenever it stops or goes back to the
    /// store, the response it had is committed first, so that the store has it for the next try.
    private func drain(_ app: AppID) async {
        guard deliveries[app].drainStarted() else { return }
        while true {
            let mark = deliveries[app].line.readMark
            let next: OutboxLine.Outgoing
            do {
                guard let found = try await nextInOutbox(of: app) else {
                    return deliveries[app].drained(emptySince: mark)
                }
                next = found
            } catch {
                logger.error("cannot read the outbox; delivery resumes with the next response",
                             metadata: ["app": "\(app)", "error": "\(error)"])
                return deliveries[app].drained(emptySince: nil)
            }
            let response = next.response
            // A GLib notification's response goes to the app's GLib action, whatever handler it has.
            let target = GLibNotification.activation(for: response) != nil ? .application(app) : handlers.target(of: app) ?? .application(app)
            if case .application = target { await watchAppName(app) }
            let age = now().timeIntervalSince(response.date)
            if age > policy.maxAgeSeconds {
                logger.warning("dropping a response no handler took in time", metadata: [
                    "app": "\(app)", "request": "\(response.requestId)", "action": "\(response.actionIdentifier)",
                    "age": "\(Int(age)) s"])
                if let seq = try? await next.seq.value { try? await store.acknowledge(seq) }
                continue
            }
            if locked, requiresAuthentication(response) {
                logger.info("holding a response until the session is unlocked (authenticationRequired)",
                            metadata: ["app": "\(app)", "request": "\(response.requestId)", "action": "\(response.actionIdentifier)"])
                _ = try? await next.seq.value
                return deliveries[app].held()
            }
            let disposition: String
            do {
                disposition = try await deliver(response, json: next.json, to: target)
            } catch let error as DBusError where Self.isAway(error) {
                logger.info("handler is not on the bus; the response waits for it",
                            metadata: ["app": "\(app)", "request": "\(response.requestId)"])
                _ = try? await next.seq.value
                return deliveries[app].handlerAway()
            } catch {
                _ = try? await next.seq.value
                guard let attempt = deliveries[app].failed() else { continue }
                return scheduleRetry(app, attempt: attempt, after: error, request: response.requestId)
            }
            deliveries[app].delivered()
            do {
                // Not saved (logged when recorded): taken all the same, and nothing to remove.
                if let seq = try? await next.seq.value { try await store.acknowledge(seq) }
                deliveries[app].line.acknowledged()
            } catch {
                logger.error("cannot remove an acknowledged response from the outbox; stopping delivery to avoid repeats",
                             metadata: ["app": "\(app)", "error": "\(error)"])
                return deliveries[app].drained(emptySince: nil)
            }
            await apply(Disposition(disposition, logger: logger), to: response)
        }
    }

    /// The oldest response waiting for `app` (nil: none): the one recorded to go out at once,
    /// else the store's, unless the outbox is known to be empty.
    private func nextInOutbox(of app: AppID) async throws -> OutboxLine.Outgoing? {
        switch deliveries[app].line.next() {
        case .fresh(let outgoing): return outgoing
        case .none: return nil
        case .fromStore:
            guard let (seq, response) = try await store.nextInOutbox(of: app) else { return nil }
            return OutboxLine.Outgoing(seq: Future(.success(seq)), response: response, json: nil)
        }
    }

    private func deliver(_ response: NotificationResponse, json: String?, to target: HandlerTarget) async throws -> String {
        switch target {
        case .bus(let name, let path):
            // Only the contract's answer acknowledges: a handler that answers something else
            // did not take the response as the contract says, so it is kept and retried.
            do {
                return try await connection.call(
                    Handler1.didReceive, destination: name, path: path, interface: Handler1.interface,
                    json ?? ModelJSON.encode(response), timeout: .milliseconds(Int64(policy.handlerTimeoutSeconds * 1000)))
            } catch let error as DBusError where error.name == .invalidSignature {
                throw DBusError(.invalidSignature, "\(name): \(error.message) (a disposition); the response is kept and retried")
            }
        case .exec(let argv):
            return try await ExecHandler.deliver(
                response, argv: argv, timeout: .milliseconds(Int64(policy.execTimeoutSeconds * 1000)))
        case .application:
            return try await ApplicationActivation.deliver(response, over: connection, logger: logger)
        }
    }

    /// Uses new delivery and text settings from now on.
    func setPolicies(delivery: DeliveryPolicy, text: TextPolicy) {
        policy = delivery
        self.text = text
    }

    /// Follows the session's lock state; on unlock, what was held goes out.
    func setLocked(_ locked: Bool) async {
        self.locked = locked
        guard !locked else { return }
        for app in (try? await store.appsWithOutbox()) ?? [] { startFlush(app) }
    }

    /// Whether the response is to an action that asks for an unlocked session.
    private func requiresAuthentication(_ response: NotificationResponse) -> Bool {
        guard let category = try? categories.category(response.notification.content.categoryIdentifier, of: response.appId),
              let action = category.action(withIdentifier: response.actionIdentifier)
        else { return false }
        return action.options.contains(.authenticationRequired)
    }

    /// Whether a delivery failed because nobody is there to take it (rather than a handler failing).
    private static func isAway(_ error: DBusError) -> Bool {
        [.serviceUnknown, .nameHasNoOwner].contains(error.name) || error.name.rawValue == "org.freedesktop.DBus.Error.Spawn.ServiceNotFound"
    }

    /// For an app with no handler: delivers as soon as its app id appears on the bus.
    private func watchAppName(_ app: AppID) async {
        guard deliveries[app].appNameWatch == nil,
              let changes = try? await connection.nameOwnerChanges(of: app.rawValue) else { return }
        deliveries[app].appNameWatch = Task { [weak self] in
            for await change in changes where !change.newOwner.isEmpty { await self?.appNameAppeared(app) }
        }
    }

    private func appNameAppeared(_ app: AppID) {
        guard handlers.target(of: app) == nil else { return }
        startFlush(app)
    }

    /// Tries `app`'s outbox again after the backoff delay of `attempt`.
    private func scheduleRetry(_ app: AppID, attempt: Int, after error: any Error, request: String) {
        let delay = policy.retryDelay(attempt: attempt)
        logger.warning("handler did not take the response; retrying", metadata: [
            "app": "\(app)", "request": "\(request)", "attempt": "\(attempt)", "in": "\(delay)", "error": "\(error)"])
        deliveries[app].backOff(retry: Task { [weak self] in
            try? await Task.sleep(for: delay)
            await self?.retryDue(app)
        })
    }

    private func retryDue(_ app: AppID) {
        deliveries[app].retryDue()
        startFlush(app)
    }

    /// What the handler asked to happen to the notification.
    private func apply(_ disposition: Disposition, to response: NotificationResponse) async {
        guard !response.isBackgroundPush else { return }  // nothing on screen to dismiss, keep or forward
        let key = NotificationKey(appID: response.appId, requestID: response.requestId)
        switch disposition {
        case .dismiss:
            try? await center.removeDelivered(response.appId, ids: [response.requestId])
        case .keep:
            guard !(await bridge.isLive(key)) else { return }
            await showing.present(response.notification, of: response.appId)
        case .forward:
            try? await center.removeDelivered(response.appId, ids: [response.requestId])
            guard response.actionIdentifier != NotificationResponse.defaultActionIdentifier else { return }
            // The default action is never a text-input one: its category is not needed.
            await route(Interaction(
                appID: response.appId, request: response.notification, category: nil,
                actionIdentifier: NotificationResponse.defaultActionIdentifier, userText: nil,
                activationToken: response.activationToken))
        }
    }
}
