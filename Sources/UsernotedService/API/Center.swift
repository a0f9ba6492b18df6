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
    let store: Store
    let scheduler: Scheduler
    private(set) var limits: Limits
    private var categories: [AppID: [NotificationCategory]] = [:]
    /// The user's settings of each app that posted or was set.
    let settings: AppSettingsTable
    /// Whether an app may post.
    let authorization: Authorization
    /// How fast each app may post (the connection's screen refuses floods with it too).
    nonisolated let rate: SharedPostRate
    private let badges: LauncherBadges
    /// Decides what Focus, the summary and the levels hold back.
    private let attention: Attention
    /// Puts on screen what `attention` lets through.
    private let poster: Poster
    /// The apps' service extensions, which change `mutable-content` requests before they are shown.
    let extensions: ServiceExtensions
    /// Background pushes, within each app's budget, for the router to deliver.
    let background: BackgroundPushes
    /// The apps' gettext catalogs, which translate payloads' localized alerts (`loc-key` …).
    let catalogs: AppCatalogs

    /// A center showing through `poster` what `attention` admits (with `poster`'s bridge, store,
    /// settings and badges) of the apps `authorization` lets post, scheduling with `scheduler`;
    /// `mutable-content` payloads go through the app's extension in `extensions` first; background
    /// payloads go to `background`; payloads' localized alerts are looked up in `catalogs`.
    init(
        poster: Poster, attention: Attention, authorization: Authorization, scheduler: Scheduler, extensions: ServiceExtensions,
        background: BackgroundPushes, catalogs: AppCatalogs = AppCatalogs(), limits: Limits = .default
    ) {
        self.background = background
        self.catalogs = catalogs
        self.extensions = extensions
        self.authorization = authorization
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

    /// Uses `limits` from now on (the post rate starts afresh).
    func setLimits(_ limits: Limits) {
        self.limits = limits
        rate.reset(perSecond: limits.postsPerSecond)
    }

    /// Loads the categories a previous run kept.
    func restore() async throws {
        categories = try await store.allCategories()
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
    /// shown and kept with the notification, not registered for the app. `hints` (the portal
    /// door's alone: an app's request may not carry them) go with it to the server.
    func add(
        _ app: AppID, request: NotificationRequest, attachmentsWithin: String? = nil, category given: NotificationCategory? = nil,
        hints: ServerHints? = nil
    ) async throws(CenterError) -> Continuation<String> {
        // An identifier made here is new: no pending request has it, so none is unscheduled.
        let identified = !request.needsIdentifier
        let named = identified ? request : request.withIdentifier(UUID().lowercasedString)
        try await authorization.authorizePost(of: app)
        let category = try admissible(named, of: app, category: given, attachmentsWithin: attachmentsWithin)
        let request = named.carrying(hints)
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
        let translate = catalogs.translations(of: app, settings: settings.settings(of: app))
        let payload = try rethrowingModelErrors { () throws(ModelError) in
            try APNsPayload.decode(json, limits: limits, background: isBackground, translate: translate)
        }
        var result: (handling: PayloadHandling, continuation: Continuation<String>) = (.badgeOnly, { "" })
        if payload.isBackground {
            let id = identifier ?? UUID().lowercasedString
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
        try badges.set(count, of: app)
    }

    /// Shows `request` now with the category registered now: its trigger came due, or a
    /// handler answered `keep` after the server had closed it.
    func present(_ request: NotificationRequest, of app: AppID) async {
        guard settings.settings(of: app).authorizationStatus != .denied else { return }  // denied since it was scheduled
        let category = try? category(request.content.categoryIdentifier, of: app)
        _ = try? await startShow(request, of: app, category: category)()
    }

    /// Puts `request` on screen through the poster (see ``Poster/present(_:of:category:unscheduling:)``),
    /// unless ``Attention`` holds it (Focus, the summary, its level): then it is recorded as
    /// held, and the continuation waits for that.
    func startShow(
        _ request: NotificationRequest, of app: AppID, category: NotificationCategory?, unscheduling: Bool = false
    ) async throws(CenterError) -> Continuation<Bool> {
        let appSettings = settings.settings(of: app).narrowed(by: request)
        var request = Poster.applying(appSettings, to: request)
        let key = NotificationKey(appID: app, requestID: request.identifier)
        let onScreen: @Sendable () async -> Bool = { [bridge] in await bridge.isLive(key) }
        switch await attention.admit(request, of: app, category: category, settings: appSettings, onScreen: onScreen) {
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

extension UUID {
    /// `uuidString.lowercased()`, written directly: `uuidString` formats with `sprintf` and
    /// `lowercased()` copies that again, some 7 500 instructions of every `Post` that names
    /// no identifier.
    var lowercasedString: String {
        func hex(_ digit: UInt8) -> UInt8 { digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10 }
        return withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { text in
                var end = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[end] = UInt8(ascii: "-")
                        end += 1
                    }
                    text[end] = hex(byte >> 4)
                    text[end + 1] = hex(byte & 15)
                    end += 2
                }
                return end
            }
        }
    }
}
