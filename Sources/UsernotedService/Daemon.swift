import UsernotedAPI
import DBus
import Foundation
import FreedesktopNotifications
import Logging
import Synchronization
import UserNotificationsCore

/// The running daemon: the Center1 object on the bus, the store, the scheduler, the
/// bridge to the notification server, and the router, wired together.
public final class Daemon: Sendable {
    let connection: Connection
    let store: Store
    let bridge: NotificationBridge
    let scheduler: Scheduler
    /// The categories the apps registered.
    let categories: CategoryRegistry
    let center: Center
    let router: Router
    /// Whether each app may notify, and the user's settings of each.
    let authorization: Authorization
    /// Who takes each app's responses (the router registers them, the poster asks them `WillPresent`).
    let handlers: HandlerRegistry
    /// The badges docks show.
    let badges: LauncherBadges
    /// Who may act for which app id.
    let callers: CallerCheck
    /// Who gets the `Response` signal.
    let subscribers: ResponseSubscribers
    /// What Focus, the summary and the levels hold back.
    let attention: Attention
    /// The notification server's own do-not-disturb switch.
    private let serverFocus: ServerFocus
    private let logger: Logger
    /// The icons of portal notifications, kept as files (nil: shown without them).
    private let portalIcons: PortalIcons?
    /// Whether `org.gtk.Notifications` is served (read at start).
    private let gtk: GtkPolicy
    /// The privacy policy in force and the session's lock state, which together decide whether previews hide.
    private let previews: Mutex<(policy: PrivacyPolicy, locked: Bool)>
    private let systemBusAddress: String?
    /// The scheduler's clock rate: real time, unless a test speeds it up.
    private let clock: ScaledClock
    /// Answers to pushed notifications, published while a session is connected.
    private let pushAnswers: PushAnswers
    /// Remote notifications: the `[push]` settings in force, and the session they made (nil: off).
    private let push: Mutex<(policy: PushPolicy, session: Push?)>
    /// The bus subscriptions, once ``subscribe()`` has started them.
    private let subscriptions = Mutex<Task<Void, any Error>?>(nil)
    /// Which calls are refused as they are read, before they are decoded.
    private let admission: CallAdmission

    /// A daemon on `connection` keeping its state in `store`, set up by `config`; `now` is the
    /// wall clock it schedules, dates and ages by, `clock`'s unless a test gives its own (`clock`
    /// is the wall clock, unless a test makes it run faster).
    /// `systemBusAddress` is where logind tells whether the session is locked (nil: not followed).
    /// `iconDirectory` keeps the icons of portal notifications. Localized alerts are translated
    /// in the messages locale `messagesLocale` (`""`: the session's, from the environment).
    /// With `eventSounds`, notifications' sounds are played through libcanberra where the server plays none.
    public init(
        connection: Connection, store: Store, logger: Logger, config: Config, now: (@Sendable () -> Date)? = nil,
        clock: ScaledClock = .real, systemBusAddress: String? = nil, iconDirectory: URL? = nil, messagesLocale: String = "",
        eventSounds: Bool = false
    ) {
        self.connection = connection
        portalIcons = iconDirectory.map { PortalIcons(directory: $0, logger: logger) }
        self.store = store
        self.logger = logger
        gtk = config.gtk
        push = Mutex((config.push, nil))
        previews = Mutex((config.privacy, false))
        self.systemBusAddress = systemBusAddress
        self.clock = clock
        // Each part is given what it uses, lower parts first: the data flows one way, from the
        // doors through admission to the poster and the bridge, and from the bridge's
        // interactions through the router to the handlers.
        // One reader of the apps' desktop files: their names and icons, and their text domains.
        let desktopEntries = DesktopEntries()
        let sounds = eventSounds ? CanberraSounds(applicationID: Center1.busName, name: "usernoted") { failure in
            // No sound server (none runs, or it went away), or no such sound in the theme: the user hears nothing, the app is told nothing.
            logger.debug("a notification's sound did not play", metadata: [
                "app": "\(failure.sound.appID)", "sound": .string(failure.sound.id), "reason": .string(failure.reason)])
        } : nil
        bridge = NotificationBridge(
            connection: connection, stackLimit: config.threads.stackLimit, desktopEntries: desktopEntries, sounds: sounds)
        let now = now ?? { clock.now() }
        handlers = HandlerRegistry(connection: connection, logger: logger)
        badges = LauncherBadges(connection: connection)
        let settings = AppSettingsTable()
        let own = OwnNotifications(bridge: bridge, store: store, now: now)
        authorization = Authorization(settings: settings, store: store, own: own, policy: config.authorization)
        let poster = Poster(bridge: bridge, store: store, settings: settings, badges: badges, advisor: handlers)
        let attention = Attention(
            store: store, own: own, poster: poster, focus: config.focus, summary: config.summary, logger: logger, now: now)
        self.attention = attention
        categories = CategoryRegistry(store: store)
        let showing = Showing(poster: poster, attention: attention, categories: categories)
        scheduler = Scheduler(store: store, presenter: showing, logger: logger, now: now)
        let extensions = ServiceExtensions(store: store, seconds: config.delivery.serviceExtensionSeconds, logger: logger)
        let background = BackgroundPushes(
            store: store, perHour: config.delivery.backgroundPushesPerHour, logger: logger, now: now)
        center = Center(
            showing: showing, authorization: authorization, scheduler: scheduler, extensions: extensions,
            background: background, catalogs: AppCatalogs(locale: messagesLocale, desktopEntries: desktopEntries, logger: logger), limits: config.limits)
        serverFocus = ServerFocus(connection: connection, logger: logger) { await attention.serverSwitch($0) }
        subscribers = ResponseSubscribers(connection: connection, logger: logger)
        pushAnswers = PushAnswers(store: store, logger: logger)
        router = Router(
            connection: connection, bridge: bridge, center: center, showing: showing, categories: categories, authorization: authorization,
            store: store, handlers: handlers, subscribers: subscribers, attention: attention, answers: pushAnswers, policy: config.delivery,
            text: config.text, logger: logger, now: now)
        callers = CallerCheck(connection: connection)
        admission = CallAdmission(rate: center.rate)
    }

    /// Starts the bus subscriptions of the bridge, the caller check and the response subscribers (once; ``run()`` starts
    /// them when nothing did before), so that their round trips overlap what comes before the run.
    @discardableResult
    public func subscribe() -> Task<Void, any Error> {
        subscriptions.withLock { started in
            if let started { return started }
            let task = Task { [bridge, callers, subscribers] in
                async let bridgeStarted: Void = bridge.start()
                async let callersStarted: Void = callers.start()
                async let subscribersStarted: Void = subscribers.start()
                _ = try await (bridgeStarted, callersStarted, subscribersStarted)
            }
            started = task
            return task
        }
    }

    /// Restores the previous run's state, serves until the task is cancelled or the bus
    /// goes away. Cancelled while still starting (SIGTERM as `systemctl stop` sends it, at
    /// login), it stops as cleanly as when serving: what a step was waiting for ends in a
    /// `CancellationError`, which is the stop asked for, not a failure.
    public func run() async throws {
        do {
            try await serve()
        } catch where Task.isCancelled {
            logger.debug("stopped while starting", metadata: ["at": "\(error)"])
        }
        await stop()
    }

    /// ``run()``'s steps, up to the stop.
    private func serve() async throws {
        let previousServerRun = try await restoreState()
        // A [push] setting that cannot be used stops the daemon here, saying which and why.
        let session = try makePushSession()
        // A flood is refused as it is read, past the calls a connection may have waiting or an app's rate.
        admission.apply(to: connection)
        let doors = try await serveDoors()
        defer { doors.forEach { $0.cancel() } }
        let tasks = startTasks()
        defer { tasks.forEach { $0.cancel() } }
        try await takeOverPreviousRun(shownBy: previousServerRun)
        let lockWatch = followLockState()
        defer { lockWatch.cancel() }
        await startTimers()
        pushAnswers.use(session?.route)
        await session?.start()
        await withTaskCancellationHandler {
            await connection.waitUntilDisconnected()
        } onCancel: {
            connection.close()
        }
    }

    /// Restores the previous run's state while the bus subscriptions' round trips are under
    /// way; a run cancelled before they are in effect cancels them. Returns the run of the
    /// server that showed the previous run's notifications (read before this run records its own).
    private func restoreState() async throws -> String? {
        let subscribed = subscribe()
        let previousServerRun = try await withTaskCancellationHandler {
            let restored = try await self.store.restored()
            self.categories.restore(restored.categories)
            await self.center.extensions.restore(restored.serviceExtensions)
            self.authorization.restore(restored.settings)
            await self.attention.restore(focus: restored.focus, held: restored.held)
            try await subscribed.value
            return restored.serverRun
        } onCancel: {
            subscribed.cancel()
        }
        if center.catalogs.locale.replaced {
            let environment = ProcessEnvironment.read()
            let named = ["LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"].compactMap { name in environment[name].map { "\(name)=\($0)" } }
            logger.warning("localized alerts: the session's messages locale is not installed; using C.UTF-8, in which only LANGUAGE chooses the catalog's language", metadata: [
                "environment": "\(named.joined(separator: " "))"])
        }
        return previousServerRun
    }

    /// The push session the `[push]` settings ask for (nil: push is off), kept as the one in force.
    private func makePushSession() throws -> Push? {
        let policy = push.withLock { $0.policy }
        let session = policy.enabled ? try Push(policy: policy, center: center, answers: pushAnswers, store: store, logger: logger) : nil
        push.withLock { $0.session = session }
        return session
    }

    /// Serves `Center1` under its name (failing when another usernoted has it), then
    /// `org.gtk.Notifications` (unless `[gtk]` says never) and the portal's backend. Returns
    /// the watches of the last two, to cancel when the run ends.
    private func serveDoors() async throws -> [Task<Void, Never>] {
        connection.export(
            [CenterInterface.make(
                center: center, categories: categories, authorization: authorization, router: router, attention: attention,
                callers: callers, subscribers: subscribers
            ) { [self] in
                self.push.withLock { $0.session?.topics }
            }],
            at: Center1.path)
        switch try await connection.requestName(Center1.busName, flags: [.doNotQueue]) {
        case .primaryOwner, .alreadyOwner:
            logger.info("serving", metadata: ["name": .string(Center1.busName), "unique": .string(connection.uniqueName)])
        case .exists, .inQueue:
            let owner = (try? await connection.nameOwner(Center1.busName)) ?? nil
            throw DBusError(.failed, "\(Center1.busName) is already owned by \(owner ?? "another connection"): another usernoted is running")
        }
        var watches: [Task<Void, Never>] = []
        if gtk.serve == .auto {
            if let gtkWatch = try await GtkNotificationsInterface.serve(
                center: center, callers: callers, on: connection, admission: admission, logger: logger) {
                watches.append(gtkWatch)
            }
        } else {
            logger.info("not serving org.gtk.Notifications ([gtk] serve = \"never\")")
        }
        do {
            watches.append(try await PortalNotificationInterface.serve(
                center: center, icons: portalIcons, on: connection, admission: admission, logger: logger))
        } catch {
            watches.forEach { $0.cancel() }
            throw error
        }
        return watches
    }

    /// Starts routing the server's interactions, and following the bridge's changes: a server
    /// that appears (logged, its Focus switch followed), a notification it refused, and what it
    /// shows or closes (recorded).
    private func startTasks() -> [Task<Void, Never>] {
        [
            Task { [router] in await router.run() },
            Task { [logger, serverFocus, bridge, store] in
                for await change in bridge.changes {
                    switch change {
                    case .server(let information, let capabilities):
                        Self.log(server: information, capabilities, to: logger)
                        await serverFocus.serverAppeared(information, capabilities)
                    case .holds(let run):
                        do { try await store.setServerRun(run) } catch {
                            logger.error("store: cannot record the notification server's run; a restart shows its notifications again", metadata: ["error": "\(error)"])
                        }
                    case .notShown(let key, let reason):
                        logger.warning("the notification server refused to show a notification; it is shown when a server appears", metadata: [
                            "app": "\(key.appID)", "request": "\(key.requestID)", "error": "\(reason)"])
                    case .shown, .departed:
                        await store.record(change)
                    }
                }
            },
        ]
    }

    /// Takes over what the previous run left: previews as the policy says, the notifications
    /// on screen, the handlers and their outbox, the service extensions' runs.
    private func takeOverPreviousRun(shownBy serverRun: String?) async throws {
        await applyPreviewPolicy()
        try await takeOverDelivered(shownBy: serverRun)
        try await router.restore()
        await center.resumeExtensionRuns()
    }

    /// Starts the wall-clock timers of background pushes, of the scheduler (what came due
    /// while the daemon was not running fires now) and of Focus.
    private func startTimers() async {
        let background = center.background
        await background.start(timer: ScaledWakeTimer(WallClockTimer { Task { await background.wake() } }, clock: clock))
        let scheduler = scheduler
        await scheduler.start(timer: ScaledWakeTimer(WallClockTimer { Task { await scheduler.wake() } }, clock: clock))
        let attention = attention
        await attention.start(timer: ScaledWakeTimer(WallClockTimer { Task { await attention.wake() } }, clock: clock))
    }

    /// Stops what the run started once the bus is gone: the push session in force (a reload's,
    /// if any), the server's Focus switch, the bridge.
    private func stop() async {
        let last = push.withLock { $0.session }
        await last?.stop()
        await serverFocus.stop()
        await bridge.stop()
        logger.info("stopped")
    }

    /// Hides previews and holds `authenticationRequired` responses while the session is locked.
    private func followLockState() -> Task<Void, Never> {
        guard let address = systemBusAddress else { return Task {} }
        return Task { [self] in
            for await locked in await SessionLock.states(address: address, logger: logger) {
                await router.setLocked(locked)
                await attention.setLocked(locked)
                previews.withLock { $0.locked = locked }
                await applyPreviewPolicy()
            }
        }
    }

    /// Shows previews, or hides them, as the policy and the lock state say now.
    private func applyPreviewPolicy() async {
        await bridge.setPreviewsHidden(previews.withLock { $0.policy.hidesPreviews(locked: $0.locked) })
    }

    /// Takes new settings (config.toml read again, e.g. on SIGHUP): limits, delivery, text,
    /// privacy, focus, summary and authorization apply from the next call on, the stack limit from each
    /// thread's next post on; changed `[push]` settings reconnect.
    public func reload(_ config: Config) async {
        await center.setLimits(config.limits)
        authorization.setPolicy(config.authorization)
        await router.setPolicies(delivery: config.delivery, text: config.text)
        await center.extensions.setSeconds(config.delivery.serviceExtensionSeconds)
        await center.background.setPerHour(config.delivery.backgroundPushesPerHour)
        await attention.setPolicies(focus: config.focus, summary: config.summary)
        await bridge.setStackLimit(config.threads.stackLimit)
        previews.withLock { $0.policy = config.privacy }
        await applyPreviewPolicy()
        await reloadPush(config.push)
        logger.info("settings reloaded")
    }

    /// Applies changed `[push]` settings: the session ends and one with the new settings starts
    /// (none when push is now off). Settings that cannot be used leave push off, logged.
    private func reloadPush(_ policy: PushPolicy) async {
        let old = push.withLock { $0.policy == policy ? nil : Optional($0.session) }
        guard let old else { return }
        await old?.stop()
        var session: Push?
        do {
            session = policy.enabled ? try Push(policy: policy, center: center, answers: pushAnswers, store: store, logger: logger) : nil
            logger.info(policy.enabled ? "push: new settings applied" : "push: turned off")
        } catch {
            logger.error("push: the new settings cannot be used, so push is off until they are fixed", metadata: ["error": "\(error)"])
        }
        push.withLock { $0 = (policy, session) }
        pushAnswers.use(session?.route)
        await session?.start()
    }

    /// Says which notification server shows the notifications, and what it cannot do.
    private static func log(server information: ServerInformation?, _ capabilities: ServerCapabilities, to logger: Logger) {
        let name = information.map { "\($0.name) \($0.version)" } ?? "unknown"
        logger.info("notification server", metadata: [
            "server": "\(name)", "capabilities": "\(capabilities.names.sorted().joined(separator: ","))"])
        if !capabilities.actions {
            logger.warning("the notification server shows no buttons (no 'actions' capability): notifications appear without their actions, and only closing them can be reported", metadata: ["server": "\(name)"])
        }
        if !capabilities.inlineReply {
            logger.info("no inline replies on this server: text-input actions use the [text] prompt command, if one is set", metadata: ["server": "\(name)"])
        } else if let setting = ServerProfile.matching(information).inlineReplySetting {
            logger.info("this server shows inline replies only where its own config turns them on: while it does not, text-input actions are buttons that use the [text] prompt command, if one is set", metadata: [
                "server": "\(name)", "setting": "\(setting.key) in \(setting.file)"])
        }
    }

    /// Shows again, in place, what a previous run had on screen, so its clicks come here (a
    /// thread's stack as a stack); keeps it as it is where the server that showed it, the run
    /// `serverRun`, is still there and sends its clicks to everyone.
    private func takeOverDelivered(shownBy serverRun: String?) async throws {
        let delivered = try await store.allDelivered()
        let settings = authorization.allSettings
        let results = await bridge.restore(delivered.map {
            RestoredNotification(
                appID: $0.app, request: $0.request, category: $0.category, serverID: $0.serverID,
                showPreviews: (settings[$0.app] ?? AppSettings()).narrowed(by: $0.request).showPreviews)
        }, shownBy: serverRun)
        for (notification, (tookOver, serverID)) in zip(delivered, results) {
            if tookOver, serverID != notification.serverID {
                try await store.setServerID(serverID, of: (notification.app, notification.request.identifier))
            }
        }
        if !delivered.isEmpty { logger.info("took over notifications on screen", metadata: ["count": "\(delivered.count)"]) }
    }
}
