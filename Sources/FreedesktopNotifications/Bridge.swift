import DBus
import Foundation
import EventLoop
import UserNotificationsCore

/// Shows requests through the desktop's notification server and turns its signals into
/// `Interaction`s. It keeps, in memory only (the store keeps what outlives the process, told
/// through ``changes``): each notification's ``Presentation`` (the live map), indexed by
/// server id; the `Notify` calls under way, and signals that arrived before the id they
/// name; the server's bus name and capabilities; whether previews are hidden; a counter
/// that orders the notifications shown; and the threads' stacks (see ``ThreadStack``: a stack
/// is in the live map under a key of its own, its members stay there marked stacked).
public actor NotificationBridge {
    private let connection: Connection
    let server: NotificationsServer
    /// Our notifications on screen or waiting for a server: the live map.
    var live: [NotificationKey: Presentation] = [:]
    /// The live map by server id (what the server's signals name).
    var keysByServerID: [UInt32: NotificationKey] = [:]
    /// The `Notify` calls under way, by notification: one at a time for each, and one more
    /// right after when it changed meanwhile. Apart from `live` because a notification closed
    /// and shown again while its `Notify` is under way still waits for that call.
    private(set) var notifying: [NotificationKey: SingleFlight] = [:]
    /// Signals for ids not known yet, kept while a `Notify` is under way: a server may signal
    /// right after its reply, and the signal can reach this actor before the reply's id does.
    private var early: [UInt32: [ServerSignal]] = [:]
    /// The server's unique bus name (nil: none there); signals from anyone else are not its.
    private(set) var serverOwner: String?
    /// The bus's id (`GetId`), which with ``serverOwner`` names the server's run (``serverRun``).
    private(set) var busID: String?
    /// The server last announced in ``changes`` (its unique name): each server once.
    private(set) var announcedOwner: String?
    /// What the current server can do, once asked.
    private var capabilities: ServerCapabilities?
    /// What the current server does beyond its capabilities, once it said who it is.
    private(set) var profile: ServerProfile?
    /// Whether notifications show only what their category allows while previews are hidden.
    private(set) var previewsHidden = false
    /// The `order` the last notification shown got.
    private var lastOrder: UInt64 = 0
    /// How many notifications of one thread may be on screen before the older ones stack.
    var stackLimit: Int
    /// How many `Notify` calls in a row failed for each notification (see ``NotifyRetry``).
    var failures: [NotificationKey: Int] = [:]
    /// Whether the server run now there is still to be reported as holding every notification
    /// (``reportHolding()``): once it is, after a server change or a takeover.
    var holdingUnreported = false
    /// The apps' names and icons.
    private let desktopEntries: DesktopEntries
    /// Plays a notification's sound where the server plays none (nil: nobody does).
    private let sounds: (any EventSoundPlayer)?
    /// Where servers' own config files are (``ServerSetting``); nil: GLib's, found when a
    /// server's setting is first read.
    private let configDirectories: [URL]?
    /// The directories a server's setting is read under: those given, else GLib's.
    private var settingDirectories: [URL] { configDirectories ?? ServerSetting.configDirectories }
    /// The signal and name-owner subscriptions.
    private var tasks: [Task<Void, Never>] = []

    /// Every interaction, in the order the server reported them.
    public nonisolated var interactions: Mailbox<Interaction>.Taker { interactionsMailbox.taker }
    private let interactionsMailbox = Mailbox<Interaction>()
    /// Where our notifications are: the server id each got, and when the server closed one.
    public nonisolated var changes: Mailbox<LiveChange>.Taker { changesMailbox.taker }
    let changesMailbox = Mailbox<LiveChange>()

    /// A bridge over `connection`; more than `stackLimit` notifications of a thread stack;
    /// each app is named as `desktopEntries` say; `sounds` plays what the server does not; a
    /// server's own settings are read under `configDirectories` (nil: GLib's).
    public init(
        connection: Connection, stackLimit: Int = 3, desktopEntries: DesktopEntries = DesktopEntries(), sounds: (any EventSoundPlayer)? = nil,
        configDirectories: [URL]? = nil
    ) {
        self.connection = connection
        self.configDirectories = configDirectories
        self.desktopEntries = desktopEntries
        self.sounds = sounds
        self.stackLimit = max(stackLimit, 1)
        server = NotificationsServer(connection: connection)
    }

    /// Subscribes to the server's signals and to its name's owner; returns once subscribed.
    public func start() async throws {
        // Both subscriptions in flight at once; the owner is asked once both are in effect.
        async let signalsSubscribed = connection.signals(matching: MatchRule(
            sender: NotificationsServer.busName, path: NotificationsServer.path, interface: NotificationsServer.interface))
        async let ownersSubscribed = connection.nameOwnerChanges(of: NotificationsServer.busName)
        async let id = connection.busID()
        let (signals, owners) = try await (signalsSubscribed, ownersSubscribed)
        busID = try await id
        serverOwner = try await connection.nameOwner(NotificationsServer.busName)
        if serverOwner != nil { await announceServer() }
        tasks.append(Task { [weak self] in
            for await message in signals {
                guard let self, let signal = ServerSignal(message) else { continue }
                await self.handle(signal, from: message.sender)
            }
        })
        tasks.append(Task { [weak self] in
            for await change in owners { await self?.serverChanged(owner: change.newOwner) }
        })
    }

    /// Stops listening; live notifications stay on screen.
    public func stop() {
        tasks.forEach { $0.cancel() }
        interactionsMailbox.finish()
        changesMailbox.finish()
    }

    /// Shows `request` (replacing the notification with the same identifier, in place);
    /// returns the server's id, or nil when no server is there yet (it is shown when one appears).
    @discardableResult
    public func show(appID: AppID, request: NotificationRequest, category: NotificationCategory?) async -> UInt32? {
        await present(stage(appID: appID, request: request, category: category).key)
    }

    /// ``show(appID:request:category:)`` without waiting for the server: takes `request` as
    /// what its notification shows from now on and sends its `Notify` in the background, after
    /// those of the calls before it; returns its key and the server id it has so far (a
    /// replacement keeps its predecessor's).
    /// `showPreviews` is the app's setting (see ``Presentation/shown(previewsHidden:)``).
    public func post(
        appID: AppID, request: NotificationRequest, category: NotificationCategory?, showPreviews: AppSettings.ShowPreviews = .whenUnlocked
    ) -> (key: NotificationKey, serverID: UInt32?) {
        let (key, serverID) = stage(appID: appID, request: request, category: category, showPreviews: showPreviews)
        // Enqueued on this actor now, so the `Notify`s go out in the order of the posts.
        Task { await present(key) }
        return (key, serverID)
    }

    /// Takes `request` as what its notification shows from now on, without asking the server
    /// yet; returns its key and the server id it has so far. ``present(_:)`` shows it.
    private func stage(
        appID: AppID, request: NotificationRequest, category: NotificationCategory?, showPreviews: AppSettings.ShowPreviews = .whenUnlocked
    ) -> (key: NotificationKey, serverID: UInt32?) {
        let key = NotificationKey(appID: appID, requestID: request.identifier)
        let previous = live[key]
        let serverID = previous?.serverID
        live[key] = Presentation(request: request, category: category, order: takeOrder(), serverID: serverID, showPreviews: showPreviews)
        // A replaced member leaves its stack as the thread's newest; a new one may stack older ones.
        let thread = ThreadKey(appID: appID, request: request), left = previous?.thread(of: appID)
        if thread != nil || left != nil {
            let (stacks, closing) = stackOverflow(of: Set([thread, left].compactMap { $0 }))
            Task { await settle(stacks, closing: closing) }
        }
        return (key, serverID)
    }

    /// Lets more than `limit` notifications of a thread on screen stack, from each thread's next post on.
    public func setStackLimit(_ limit: Int) { stackLimit = max(limit, 1) }

    /// Hides or shows again the previews of every notification (in place), e.g. when the
    /// screen locks and unlocks; responses still carry the full request.
    public func setPreviewsHidden(_ hidden: Bool) async {
        guard hidden != previewsHidden else { return }
        previewsHidden = hidden
        for key in live.keys.sorted(by: { $0.requestID < $1.requestID }) { _ = await present(key) }
    }

    /// Closes the notification on the server and forgets it (no response follows); a stacked
    /// one leaves its stack, which then counts one fewer (and goes with its last member).
    public func close(_ key: NotificationKey) async {
        guard let entry = live.removeValue(forKey: key) else { return }
        if entry.isStacked, let thread = entry.thread(of: key.appID) {
            let (stacks, closing) = stackOverflow(of: [thread])
            return await settle(stacks, closing: closing)
        }
        guard let id = entry.serverID else { return }
        keysByServerID[id] = nil
        try? await server.close(id)
    }

    /// The requests of `appID` currently shown or waiting for a server, stacked ones included.
    public func delivered(appID: AppID) -> [NotificationRequest] {
        live.filter { $0.key.appID == appID && ThreadStack.thread(ofStack: $0.key) == nil }.map(\.value.request)
            .sorted { $0.identifier < $1.identifier }
    }

    /// The server id that shows `key`'s notification: its own, or its stack's while stacked.
    public func shownID(of key: NotificationKey) -> UInt32? {
        guard let entry = live[key] else { return nil }
        guard entry.isStacked, let thread = entry.thread(of: key.appID) else { return entry.serverID }
        return live[ThreadStack.key(of: thread)]?.serverID
    }

    /// Answers the newest notification (of `appID`, or of any app when nil) as if the user
    /// chose its category's primary action — or clicked its body when it has none; returns
    /// that interaction, nil when nothing is on screen.
    public func answerNewestWithPrimaryAction(appID: AppID?) -> Interaction? {
        guard let (key, entry) = live.filter({
            (appID == nil || $0.key.appID == appID) && !$0.value.isStacked && ThreadStack.thread(ofStack: $0.key) == nil
        }).max(by: { $0.value.order < $1.value.order }) else { return nil }
        let token = live[key]?.answeredByAction()
        let action = entry.category?.primaryAction?.identifier ?? NotificationResponse.defaultActionIdentifier
        return emit(key, entry, action: action, text: nil, activationToken: token)
    }

    func takeOrder() -> UInt64 {
        lastOrder += 1
        return lastOrder
    }

    /// Whether `key` is still on screen (or waiting for a server).
    public func isLive(_ key: NotificationKey) -> Bool { live[key] != nil }

    /// Reports who the new server is and what it can do, once; asks again later when it does
    /// not answer yet (``announceLater(after:)``). Returns whether it answered.
    @discardableResult
    func announceServer(failures: Int = 0) async -> Bool {
        let owner = serverOwner
        async let information = try? server.information()
        let capabilities = try? await serverCapabilities()
        let info = await information
        guard serverOwner == owner else { return false }  // another server came meanwhile: it is announced itself
        guard let capabilities else {
            announceLater(after: failures + 1)
            return false
        }
        guard announcedOwner != owner else { return true }  // a try of its own got there first
        announcedOwner = owner
        profile = ServerProfile.matching(info)
        changesMailbox.send(.server(info, capabilities))
        return true
    }

    /// The current server's row of ``ServerProfile/table``, asking who it is once.
    public func serverProfile() async -> ServerProfile {
        if let profile { return profile }
        let matched = ServerProfile.matching(try? await server.information())
        profile = matched
        return matched
    }

    /// What the current server can do, asking it once.
    public func serverCapabilities() async throws -> ServerCapabilities {
        if let capabilities { return capabilities }
        let fetched = try await server.capabilities()
        capabilities = fetched
        return fetched
    }

    /// Shows `key`'s notification as it is now; returns the server's id. One `Notify` per
    /// notification at a time: a change while one is under way (a replacement, the screen
    /// locking) is shown right after it, with its id as `replaces_id`, so two calls never race
    /// into two notifications.
    @discardableResult
    public func present(_ key: NotificationKey) async -> UInt32? {
        var id: UInt32?
        let ran = await SingleFlight.run(in: { $0(&notifying[key, default: SingleFlight()]) }) { id = await notify(key) }
        guard ran else { return live[key]?.serverID }
        notifying[key] = nil
        if notifying.isEmpty { early = [:] }  // whatever is left was not about ours
        return id
    }

    /// One `Notify` for `key`'s notification; records the id the server gave it.
    private func notify(_ key: NotificationKey) async -> UInt32? {
        guard let entry = live[key], !entry.isStacked else { return nil }
        let profile = await serverProfile()
        let caps = profile.shown((try? await serverCapabilities()) ?? ServerCapabilities(["actions"]), configDirectories: settingDirectories)
        let shown = entry.shown(previewsHidden: previewsHidden)
        if !profile.replacesInPlace, let old = entry.serverID { await withdraw(key, shownAs: old) }
        let call = NotifyMapping.call(
            appID: key.appID, request: shown, category: entry.category, capabilities: caps,
            profile: profile, replacesID: live[key]?.serverID ?? 0, identity: desktopEntries.identity(of: key.appID),
            again: entry.quietAgain)
        let id: UInt32
        do {
            id = try await server.notify(call)
        } catch {
            retryLater(key, after: error)
            return nil
        }
        if !failures.isEmpty { failures[key] = nil }
        // It serves: one that said nothing through every try of its announcement is announced now.
        if announcedOwner != serverOwner { await announceServer(failures: NotifyRetry.waits.count) }
        guard let now = live[key], !now.isStacked else {
            // Closed by the app, or stacked, while Notify was under way (unless a stack took its place).
            if keysByServerID[id] == nil { try? await server.close(id) }
            return nil
        }
        // Another show of this request got its own id while this Notify was under way: keep one on screen.
        var orphan: UInt32?
        if let old = live[key]?.serverID, old != id {
            keysByServerID[old] = nil
            if old != call.replacesID { orphan = old }
        }
        live[key]?.shown(serverID: id)
        keysByServerID[id] = key
        if let sound = EventSound.toPlay(for: shown, of: key.appID, on: caps) { sounds?.play(sound) }
        if let thread = ThreadStack.thread(ofStack: key) {
            for member in members(of: thread) { changesMailbox.send(.shown(member, serverID: id)) }
        } else {
            changesMailbox.send(.shown(key, serverID: id))
        }
        for signal in early.removeValue(forKey: id) ?? [] { handle(signal, from: serverOwner) }
        if let orphan { try? await server.close(orphan) }
        // The last one a new server run had to show, shown by a try of its own or one that was
        // under way when the server changed (which the change's own Notify waits behind).
        reportHolding()
        return id
    }

    /// Closes what the server shows as `id` for `key`, to show it anew: on a server whose
    /// profile says it does not replace in place, the old one goes first. (GNOME Shell 43 queues
    /// a banner that comes while another is up and, when that one is closed, shows the queued
    /// one only at the next post or the user's next input: closed first, the new one slides in.)
    private func withdraw(_ key: NotificationKey, shownAs id: UInt32) async {
        keysByServerID[id] = nil
        live[key]?.offScreen()
        try? await server.close(id)
    }

    /// What the current server shows of its capabilities now (``ServerProfile/shown(_:configDirectories:)``).
    private var shownCapabilities: ServerCapabilities {
        (profile ?? .unknown).shown(capabilities ?? ServerCapabilities(["actions"]), configDirectories: settingDirectories)
    }

    private func handle(_ signal: ServerSignal, from sender: String?) {
        if let serverOwner, sender != serverOwner { return }
        guard let key = keysByServerID[signal.id], let entry = live[key] else {
            if !notifying.isEmpty { early[signal.id, default: []].append(signal) }
            return
        }
        if let thread = ThreadStack.thread(ofStack: key) { return handleStack(signal, of: thread) }
        switch signal {
        case .activationToken(_, let token):
            live[key]?.activationTokenArrived(token)
        case .actionInvoked(_, let actionKey):
            let action: String
            var text: String?
            if actionKey == NotifyMapping.defaultKey {
                action = NotificationResponse.defaultActionIdentifier
            } else if entry.category?.action(withIdentifier: actionKey) == nil,
                      let suggestion = NotifyMapping.suggestion(forKey: actionKey, in: entry.category) {
                (action, text) = (suggestion.action.identifier, suggestion.text)
            } else if let known = NotifyMapping.action(forKey: actionKey, in: entry.category, capabilities: shownCapabilities) {
                // A text-input action's own key was sent only as a button (as an inline reply its key is
                // `inline-reply`, an identifier no action may have), whatever a server's setting says now.
                action = known.identifier
            } else {
                return  // not one of ours (inline-reply arrives as NotificationReplied)
            }
            let token = live[key]?.answeredByAction()
            emit(key, entry, action: action, text: text, activationToken: token)
        case .replied(_, let text):
            guard let action = entry.category?.textInputAction else { return }
            let token = live[key]?.answeredByAction()
            emit(key, entry, action: action.identifier, text: text, activationToken: token)
        case .closed(let id, let reason):
            keysByServerID[id] = nil
            live[key] = nil
            departed(key, entry, reason: reason, activationToken: entry.activationToken)
        }
    }

    /// `key` left the screen, closed for `reason`: the store hears of it, and a close by the user
    /// of one unanswered whose category has `customDismissAction` is its `dismiss`.
    func departed(_ key: NotificationKey, _ entry: Presentation, reason: ServerSignal.CloseReason, activationToken: String?) {
        changesMailbox.send(.departed(key))
        if reason == .dismissedByUser, !entry.answered, entry.category?.sendsDismissAction == true {
            emit(key, entry, action: NotificationResponse.dismissActionIdentifier, text: nil, activationToken: activationToken)
        }
    }

    @discardableResult
    func emit(_ key: NotificationKey, _ entry: Presentation, action: String, text: String?, activationToken: String?) -> Interaction {
        let interaction = Interaction(
            appID: key.appID, request: entry.request, category: entry.category, actionIdentifier: action, userText: text,
            activationToken: activationToken)
        interactionsMailbox.send(interaction)
        return interaction
    }

    /// The server's name changed hands: forget its ids; show everything live on the new one.
    private func serverChanged(owner: String) async {
        serverOwner = owner.isEmpty ? nil : owner
        capabilities = nil
        profile = nil
        keysByServerID = [:]
        failures = [:]
        for key in live.keys { live[key]?.offScreen() }
        holdingUnreported = !owner.isEmpty
        guard !owner.isEmpty else { return }
        await announceServer()
        for key in live.keys.sorted(by: { $0.requestID < $1.requestID }) { _ = await present(key) }
        reportHolding()
    }
}
