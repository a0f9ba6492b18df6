import UsernotedAPI
import DBus
import FreedesktopNotifications
import Foundation
import UserNotificationsCore

/// The apps' side of the daemon: what they post now, and what they schedule. Every change is
/// in the store before the call returns.
actor Center {
    /// The second part of a two-phase call: what is left once its ordered part is done
    /// (see ``add(_:request:attachmentsWithin:)``).
    typealias Continuation<T> = CallContinuation<T>

    let scheduler: Scheduler
    private(set) var limits: Limits
    /// Whether an app may post.
    let authorization: Authorization
    /// How fast each app may post (the connection's screen refuses floods with it too).
    nonisolated let rate: SharedPostRate
    /// Puts on screen what its Attention admits, with the category registered or given.
    let showing: Showing
    /// The apps' service extensions, which change `mutable-content` requests before they are shown.
    let extensions: ServiceExtensions
    /// Background pushes, within each app's budget, for the router to deliver.
    let background: BackgroundPushes
    /// The apps' gettext catalogs, which translate payloads' localized alerts (`loc-key` …).
    let catalogs: AppCatalogs

    /// The poster `showing` shows through: its bridge, store, settings and badges are the center's.
    nonisolated var poster: Poster { showing.poster }

    /// A center showing through `showing` (with its poster's bridge, store, settings and
    /// badges) what its Attention admits of the apps `authorization` lets post, scheduling with
    /// `scheduler`; `mutable-content` payloads go through the app's extension in `extensions`
    /// first; background payloads go to `background`; payloads' localized alerts are looked up
    /// in `catalogs`.
    init(
        showing: Showing, authorization: Authorization, scheduler: Scheduler, extensions: ServiceExtensions,
        background: BackgroundPushes, catalogs: AppCatalogs = AppCatalogs(), limits: Limits = .default
    ) {
        self.background = background
        self.catalogs = catalogs
        self.extensions = extensions
        self.authorization = authorization
        self.showing = showing
        self.scheduler = scheduler
        self.limits = limits
        rate = SharedPostRate(perSecond: limits.postsPerSecond)
    }

    /// Uses `limits` from now on (the post rate starts afresh).
    func setLimits(_ limits: Limits) {
        self.limits = limits
        rate.reset(perSecond: limits.postsPerSecond)
    }

    /// Shows a request now, or schedules it when it has a trigger, in two parts: what must
    /// follow the order of the calls is done when this returns (the checks, the place on
    /// screen or in pending, the write queued); the continuation waits for the disk, not for the
    /// notification server, and returns the request's identifier (generated when the request has none). The same
    /// identifier replaces what is pending and, when it fires, what is on screen. Attachments
    /// must be in `attachmentsWithin` when given (a sandboxed app's own directory). A request
    /// whose buttons come with it (a GLib notification's) passes them as `category`: it is
    /// shown and kept with the notification, not registered for the app. `hints` (the portal
    /// door's alone: an app's request may not carry them) go with it to the server.
    func add(
        _ app: AppID, request: NotificationRequest, attachmentsWithin: String? = nil, category given: NotificationCategory? = nil,
        hints: ServerHints? = nil
    ) async throws(CenterError) -> Continuation<String> {
        // An identifier made here is new: no pending request has it, so none is unscheduled.
        let identified = !request.needsIdentifier
        let named = identified ? request : request.withIdentifier(UUID.random().lowercasedString)
        try await authorization.authorizePost(of: app)
        let category = try admissible(named, of: app, category: given, attachmentsWithin: attachmentsWithin)
        let request = named.carrying(hints)
        guard let trigger = request.trigger else {
            // Only what goes on screen now counts against the rate; scheduling is bounded by pendingPerApp.
            guard rate.take(for: app) else { throw .overRate(app, perSecond: limits.postsPerSecond) }
            // Shown now, it replaces a scheduled request with its identifier (as on Apple platforms).
            let shown = try await showing.startShow(request, of: app, category: category, unscheduling: identified)
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
        let saved = poster.store.queuePending(pending, limit: limit)
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
    /// A push gives the request its `identifier` (its `apns-collapse-id` or `apns-id`). With
    /// `mutable-content`, the app's service extension changes it first, when the app has one
    /// (see ``startExtension(_:of:)``). A background push (`content-available` without an alert,
    /// or `background` for a push whose `apns-push-type` says so) shows nothing and goes to the
    /// app's handler (see ``BackgroundPushes``). A localized alert (`loc-key` …) is translated here,
    /// before anything else sees the request, in the app's catalog (see ``AppCatalogs``).
    func postPayload(
        _ app: AppID, json: String, identifier: String? = nil, background isBackground: Bool = false
    ) async throws(CenterError) -> Continuation<String> {
        try await handlePayload(app, json: json, identifier: identifier, background: isBackground).continuation
    }

    /// What became of a payload: shown, handed to the app's service extension, delivered as a
    /// background push, or only its badge set.
    enum PayloadHandling: String, Sendable {
        case shown, extensionRunning = "handed to the service extension", background = "delivered to the app's handler (background)"
        case badgeOnly = "badge set"
    }

    /// ``postPayload(_:json:identifier:background:)``, saying what became of the payload.
    func handlePayload(
        _ app: AppID, json: String, identifier: String?, background isBackground: Bool
    ) async throws(CenterError) -> (handling: PayloadHandling, continuation: Continuation<String>) {
        let translate = catalogs.translations(of: app, settings: poster.settings.settings(of: app))
        let payload = try rethrowingModelErrors { () throws(ModelError) in
            try APNsPayload.decode(json, limits: limits, background: isBackground, translate: translate)
        }
        var result: (handling: PayloadHandling, continuation: Continuation<String>) = (.badgeOnly, { "" })
        if payload.isBackground {
            let id = identifier ?? UUID.random().lowercasedString
            try await background.received(id, of: app, userInfo: payload.userInfo)
            result = (.background, { id })
        }
        if var request = payload.request {
            if let identifier { request = request.withIdentifier(identifier) }
            if payload.mutableContent, let started = try await startExtension(request, of: app) {
                result = (.extensionRunning, started)
            } else {
                result = (.shown, try await add(app, request: request))
            }
        }
        if let badge = payload.badge { try setBadge(app, count: badge) }
        return result
    }

    /// Sets the badge count of `app` (0 clears it) and announces it to docks with the Unity
    /// `LauncherEntry.Update` signal.
    func setBadge(_ app: AppID, count: Int) throws(CenterError) {
        try poster.badges.set(count, of: app)
    }

    /// The pending requests of `app`, soonest first, as JSON.
    func pendingJSON(_ app: AppID) async throws(CenterError) -> String {
        let pending = try await saving("pending requests", reading: true) { try await poster.store.pending(of: app) }
        return ModelJSON.encode(pending.map(\.request))
    }

    /// Unschedules requests of `app` (all of them for nil); unknown ids are ignored, as on Apple platforms.
    func removePending(_ app: AppID, ids: [String]?) async throws(CenterError) {
        try await saving("the removal") { _ = try await poster.store.removePending(app, ids: ids) }
        await scheduler.reschedule()
    }

    /// The requests of `app` on screen, and those held back (Focus, the summary, their level).
    func deliveredJSON(_ app: AppID) async -> String {
        let held = await showing.attention.delivered(of: app)
        return ModelJSON.encode((await poster.bridge.delivered(appID: app) + held).sorted { $0.identifier < $1.identifier })
    }

    /// Takes notifications of `app` off the screen, or out of those held back (all of them for
    /// nil); no response follows.
    func removeDelivered(_ app: AppID, ids: [String]?) async throws(CenterError) {
        let wasHeld = await showing.attention.remove(app, identifiers: ids)
        var targets = (ids ?? []).filter { !wasHeld.contains($0) }
        if ids == nil { targets = await poster.bridge.delivered(appID: app).map(\.identifier) }
        for id in targets {
            await poster.bridge.close(NotificationKey(appID: app, requestID: id))
            try await saving("the removal") { try await poster.store.removeDelivered(app, identifier: id) }
        }
    }

    /// Answers the newest notification on screen (of `app`, or of any app for nil) with its
    /// primary action, as a watch's Double Tap does; the response goes the usual way.
    func respondPrimary(_ app: AppID?) async throws(CenterError) -> Interaction {
        guard let interaction = await poster.bridge.answerNewestWithPrimaryAction(appID: app) else {
            throw CenterError(.notFound, app.map { "no notification of \($0) is on screen" } ?? "no notification is on screen")
        }
        return interaction
    }
}
