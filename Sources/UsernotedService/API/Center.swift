import UsernotedAPI
import DBus
import FreedesktopNotifications
import Foundation
import UserNotificationsCore

/// The apps' side of the daemon: their categories, what they post now, and what they
/// schedule. Every change is in the store before the call returns.
actor Center {
    /// The second part of a two-phase call: what is left once its ordered part is done
    /// (see ``add(_:request:attachmentsWithin:)``).
    typealias Continuation<T> = CallContinuation<T>

    private let bridge: NotificationBridge
    private let store: Store
    private let scheduler: Scheduler
    private var limits: Limits
    private var categories: [AppID: [NotificationCategory]] = [:]
    /// The user's settings of each app that posted or was set.
    private let settings: AppSettingsTable
    /// How fast each app may post (the connection's screen refuses floods with it too).
    nonisolated let rate: SharedPostRate
    /// Whether a new app's `RequestAuthorization` asks the user.
    private var authorizationPolicy: AuthorizationPolicy
    /// The apps the user is being asked about (see ``requestAuthorization(_:)``).
    private var asking: Set<AppID> = []
    private let badges: LauncherBadges
    /// Decides what Focus, the summary and the levels hold back.
    private let attention: Attention
    /// Puts on screen what `attention` lets through.
    private let poster: Poster

    /// A center showing through `poster` what `attention` admits (with `poster`'s bridge, settings
    /// and badges), keeping state in `store`, scheduling with `scheduler`.
    init(
        poster: Poster, attention: Attention, scheduler: Scheduler, limits: Limits = .default,
        authorization: AuthorizationPolicy = AuthorizationPolicy()
    ) {
        authorizationPolicy = authorization
        bridge = poster.bridge
        store = poster.store
        settings = poster.settings
        badges = poster.badges
        self.poster = poster
        self.attention = attention
        self.scheduler = scheduler
        self.limits = limits
        rate = SharedPostRate(perSecond: limits.postsPerSecond)
    }

    /// Uses `limits` and `authorization` from now on (the post rate starts afresh).
    func setLimits(_ limits: Limits, authorization: AuthorizationPolicy) {
        self.limits = limits
        authorizationPolicy = authorization
        rate.reset(perSecond: limits.postsPerSecond)
    }

    /// Loads the categories and settings a previous run kept.
    func restore() async throws {
        categories = try await store.allCategories()
        settings.restore(try await store.allSettings())
    }

    /// The user's settings of `app` (the defaults for an app never seen).
    func settings(of app: AppID) -> AppSettings { settings.settings(of: app) }

    /// Every app that posted or was set, with its settings.
    func allSettings() -> [AppID: AppSettings] { settings.all }

    /// Changes the fields of `app`'s settings that `json` gives (the user's call, not the app's).
    func setSettings(_ app: AppID, json: String) async throws(CenterError) {
        let update = try rethrowingModelErrors { () throws(ModelError) in try ModelJSON.decodeSettingsUpdate(json) }
        let changed = settings(of: app).applying(update)
        try await saving("the settings") { try await store.setSettings(changed, of: app) }
        settings.set(changed, of: app)
    }

    /// Refuses a post of an app the user denied, or is being asked about; an app's first post
    /// records it as authorized (as desktops do on first use).
    private func authorize(_ app: AppID) async throws(CenterError) {
        guard let known = try await knownOrFirstUse(app) else { return }
        guard known.authorizationStatus != .denied else {
            throw CenterError(.notAuthorized, "the user does not allow notifications from \(app); nothing was shown (the user can allow them with `usernotectl apps set \(app) --allow`)")
        }
    }

    /// The settings of `app` when it is known. An app never seen is recorded as authorized
    /// (nil), unless the user is being asked about it: then it is refused until the answer.
    private func knownOrFirstUse(_ app: AppID) async throws(CenterError) -> AppSettings? {
        guard app != HeldSummary.appID else {
            throw CenterError(.invalidAppId, "\(app) is usernoted's own app id; use your app's id")
        }
        if let known = settings.known(app) { return known }
        guard !asking.contains(app) else {
            throw CenterError(.notAuthorized, "the user is being asked whether to allow notifications from \(app); nothing was shown (post once requestAuthorization has answered)")
        }
        try await saving("the app's settings") { try await store.setSettings(AppSettings(), of: app) }
        settings.set(AppSettings(), of: app)
        return nil
    }

    /// `RequestAuthorization`: the stored status of an app already known; an app never seen is
    /// recorded as authorized, or, when the policy asks, the user is asked with one notification
    /// (however often the app calls meanwhile) and the answer is `notDetermined` until then.
    func requestAuthorization(_ app: AppID) async throws(CenterError) -> String {
        guard settings.known(app) == nil, authorizationPolicy.ask || asking.contains(app), app != HeldSummary.appID else {
            return (try await knownOrFirstUse(app) ?? AppSettings()).authorizationStatus.rawValue
        }
        if asking.insert(app).inserted {
            _ = await bridge.post(appID: HeldSummary.appID, request: AuthorizationPrompt.request(for: app), category: AuthorizationPrompt.category)
        }
        return AuthorizationPrompt.undecided
    }

    /// The user answered the prompt about `app` with `action`: records the choice (none when it
    /// was closed unanswered) and takes the prompt away. Returns the status the app now has,
    /// `notDetermined` when undecided; nil when `app` was not being asked about.
    func authorizationAnswered(_ app: AppID, action: String) async -> String? {
        guard asking.remove(app) != nil else { return nil }
        await bridge.close(NotificationKey(appID: HeldSummary.appID, requestID: AuthorizationPrompt.request(for: app).identifier))
        guard let status = AuthorizationPrompt.decision(action) else { return AuthorizationPrompt.undecided }
        let decided = settings(of: app).applying(AppSettings.Update(authorizationStatus: status))
        // Not saved, the app stays undecided: it asks again, rather than believe what a restart would forget.
        guard (try? await store.setSettings(decided, of: app)) != nil else { return AuthorizationPrompt.undecided }
        settings.set(decided, of: app)
        return status.rawValue
    }

    /// Replaces all categories of `app` (Apple's `setNotificationCategories`).
    func setCategories(_ app: AppID, json: String) async throws(CenterError) {
        let decoded = try rethrowingModelErrors { () throws(ModelError) in try ModelJSON.decodeCategories(json, limits: limits) }
        try await saving("the categories") { try await store.setCategories(decoded, of: app) }
        categories[app] = decoded
    }

    /// The categories of `app`, as JSON.
    func categoriesJSON(_ app: AppID) -> String { ModelJSON.encode(categories[app] ?? []) }

    /// The registered category `id` of `app`; nil for the empty id.
    func category(_ id: String, of app: AppID) throws(CenterError) -> NotificationCategory? {
        guard !id.isEmpty else { return nil }
        guard let found = categories[app]?.first(where: { $0.identifier == id }) else {
            throw .unknownCategory(id, of: app, known: (categories[app] ?? []).map(\.identifier))
        }
        return found
    }

    /// Shows a request now, or schedules it when it has a trigger, in two parts: what must
    /// follow the order of the calls is done when this returns (the checks, the place on
    /// screen or in pending, the write queued); the continuation waits for the disk, not for the
    /// notification server, and returns the request's identifier (generated when the request has none). The same
    /// identifier replaces what is pending and, when it fires, what is on screen. Attachments
    /// must be in `attachmentsWithin` when given (a sandboxed app's own directory). A request
    /// whose buttons come with it (a GLib notification's) passes them as `category`: it is
    /// shown and kept with the notification, not registered for the app.
    func add(
        _ app: AppID, request: NotificationRequest, attachmentsWithin: String? = nil, category given: NotificationCategory? = nil
    ) async throws(CenterError) -> Continuation<String> {
        // An identifier made here is new: no pending request has it, so none is unscheduled.
        let identified = !request.needsIdentifier
        let request = identified ? request : request.withIdentifier(UUID().uuidString.lowercased())
        try await authorize(app)
        try rethrowingModelErrors { () throws(ModelError) in
            try Validation.validate(request: request, limits: limits)
            do throws(ModelError) { try given?.validate(limits: limits) } catch { throw error.rooted(at: "buttons (as a category; actions[i] is buttons[i])") }
            try AttachmentFile.validate(request, maxBytes: limits.attachmentBytes, within: attachmentsWithin)
        }
        let category = if let given { given } else { try category(request.content.categoryIdentifier, of: app) }
        guard let trigger = request.trigger else {
            // Only what goes on screen now counts against the rate; scheduling is bounded by pendingPerApp.
            guard rate.take(for: app) else { throw .overRate(app, perSecond: limits.postsPerSecond) }
            // Shown now, it replaces a scheduled request with its identifier (as on Apple platforms).
            let shown = try await startShow(request, of: app, category: category, unscheduling: identified)
            return { [scheduler] () async throws(CenterError) in
                if try await shown() { await scheduler.reschedule() }
                return request.identifier
            }
        }
        guard let fireDate = await scheduler.firstFireDate(of: trigger) else {
            throw CenterError(.invalidRequest, "request.trigger: it never fires (its date has passed or does not exist); pick a date in the future or leave out 'trigger' to show it now")
        }
        let pending = PendingRequest(app: app, request: request, fireDate: fireDate, addedAt: scheduler.now())
        let limit = limits.pendingPerApp
        let saved = store.queuePending(pending, limit: limit)
        return { [scheduler] () async throws(CenterError) in
            guard try await saving("the request", { try await saved.value }) else {
                throw CenterError(.limitExceeded, "\(app) has \(limit) requests scheduled, the limit (pendingPerApp); remove some with RemovePending, or raise limits.pendingPerApp in config.toml")
            }
            await scheduler.added(fireDate: fireDate)
            return request.identifier
        }
    }

    /// Adds a request given as JSON, in two parts (see ``add(_:request:attachmentsWithin:)``).
    func add(_ app: AppID, json: String, attachmentsWithin: String? = nil) async throws(CenterError) -> Continuation<String> {
        let request = try rethrowingModelErrors { () throws(ModelError) in try ModelJSON.decodeRequest(json, limits: limits) }
        return try await add(app, request: request, attachmentsWithin: attachmentsWithin)
    }

    /// The simplest post: a title and body, optionally with a category's buttons, in two
    /// parts (see ``add(_:request:attachmentsWithin:)``).
    func post(_ app: AppID, category: String, title: String, body: String) async throws(CenterError) -> Continuation<String> {
        let content = NotificationContent(title: title, body: body, categoryIdentifier: category)
        return try await add(app, request: NotificationRequest(content: content))
    }

    /// Posts an APNs-shaped payload (see ``APNsPayload``): shows its alert like `Add` and sets
    /// its badge like ``setBadge(_:count:)``; the continuation returns the request identifier, or `""`
    /// for a payload that only sets the badge (two parts, as ``add(_:request:attachmentsWithin:)``).
    /// A push gives the request its `identifier` (its `apns-collapse-id` or `apns-id`).
    func postPayload(_ app: AppID, json: String, identifier: String? = nil) async throws(CenterError) -> Continuation<String> {
        let payload = try rethrowingModelErrors { () throws(ModelError) in try APNsPayload.decode(json, limits: limits) }
        var continuation: Continuation<String> = { "" }
        if var request = payload.request {
            if let identifier { request = request.withIdentifier(identifier) }
            continuation = try await add(app, request: request)
        }
        if let badge = payload.badge { try setBadge(app, count: badge) }
        return continuation
    }

    /// Sets the badge count of `app` (0 clears it) and announces it to docks with the Unity
    /// `LauncherEntry.Update` signal.
    func setBadge(_ app: AppID, count: Int) throws(CenterError) {
        try badges.set(count, of: app)
    }

    /// Shows `request` now with the category registered now: its trigger came due, or a
    /// handler answered `keep` after the server had closed it.
    func present(_ request: NotificationRequest, of app: AppID) async {
        guard settings(of: app).authorizationStatus != .denied else { return }  // denied since it was scheduled
        let category = try? category(request.content.categoryIdentifier, of: app)
        _ = try? await startShow(request, of: app, category: category)()
    }

    /// Puts `request` on screen through the poster (see ``Poster/present(_:of:category:unscheduling:)``),
    /// unless ``Attention`` holds it (Focus, the summary, its level): then it is recorded as
    /// held, and the continuation waits for that.
    private func startShow(
        _ request: NotificationRequest, of app: AppID, category: NotificationCategory?, unscheduling: Bool = false
    ) async throws(CenterError) -> Continuation<Bool> {
        var request = Poster.applying(settings(of: app), to: request)
        let key = NotificationKey(appID: app, requestID: request.identifier)
        let onScreen: @Sendable () async -> Bool = { [bridge] in await bridge.isLive(key) }
        switch await attention.admit(request, of: app, category: category, settings: settings(of: app), onScreen: onScreen) {
        case .show(let shown):
            request = shown
        case .held(let saved):
            if let badge = request.content.badge { try? setBadge(app, count: badge) }
            let removed = unscheduling
                ? try await saving("the removal") { try await !store.removePending(app, ids: [request.identifier]).isEmpty }
                : false
            return { () async throws(CenterError) in
                try await saving("the held notification") { try await saved.value }
                return removed
            }
        }
        return try await poster.present(request, of: app, category: category, unscheduling: unscheduling)
    }

    /// The pending requests of `app`, soonest first, as JSON.
    func pendingJSON(_ app: AppID) async throws(CenterError) -> String {
        let pending = try await saving("pending requests", reading: true) { try await store.pending(of: app) }
        return ModelJSON.encode(pending.map(\.request))
    }

    /// Unschedules requests of `app` (all of them for nil); unknown ids are ignored, as on Apple platforms.
    func removePending(_ app: AppID, ids: [String]?) async throws(CenterError) {
        try await saving("the removal") { _ = try await store.removePending(app, ids: ids) }
        await scheduler.reschedule()
    }

    /// The requests of `app` on screen, and those held back (Focus, the summary, their level).
    func deliveredJSON(_ app: AppID) async -> String {
        let held = await attention.delivered(of: app)
        return ModelJSON.encode((await bridge.delivered(appID: app) + held).sorted { $0.identifier < $1.identifier })
    }

    /// Takes notifications of `app` off the screen, or out of those held back (all of them for
    /// nil); no response follows.
    func removeDelivered(_ app: AppID, ids: [String]?) async throws(CenterError) {
        let wasHeld = await attention.remove(app, identifiers: ids)
        var targets = (ids ?? []).filter { !wasHeld.contains($0) }
        if ids == nil { targets = await bridge.delivered(appID: app).map(\.identifier) }
        for id in targets {
            await bridge.close(NotificationKey(appID: app, requestID: id))
            try await saving("the removal") { try await store.removeDelivered(app, identifier: id) }
        }
    }

    /// Answers the newest notification on screen (of `app`, or of any app for nil) with its
    /// primary action, as a watch's Double Tap does; the response goes the usual way.
    func respondPrimary(_ app: AppID?) async throws(CenterError) -> Interaction {
        guard let interaction = await bridge.answerNewestWithPrimaryAction(appID: app) else {
            throw CenterError(.notFound, app.map { "no notification of \($0) is on screen" } ?? "no notification is on screen")
        }
        return interaction
    }
}
