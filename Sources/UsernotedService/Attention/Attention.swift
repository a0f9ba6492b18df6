import EventLoop
import Foundation
import FreedesktopNotifications
import Logging
import UserNotificationsCore
import UsernotedAPI

/// Decides when notifications interrupt (Apple's Focus and Scheduled Summary): holds what
/// Focus, the scheduled summary, the lock screen or a notification's level keep off screen;
/// summarises it when Focus ends or the summary time comes; and shows it all, or clears it,
/// as the user answers the summary. Held notifications are in the store from the moment the
/// post is answered, and keep their identity: the app sees them as delivered, can remove or
/// replace them, and their responses, once shown, go the usual way.
actor Attention: OwnNotifications.Summaries {
    /// What ``admit(_:of:category:settings:onScreen:)`` decided.
    enum Outcome: Sendable {
        /// Shown now, as this request (its level as the app's settings allow).
        case show(NotificationRequest)
        /// Held; the future resolves when that is on disk.
        case held(Future<Void>)
    }

    private let store: Store
    /// Shows and closes the summaries.
    private let own: OwnNotifications
    /// Shows what is released, as if posted now (with its own actions), past every hold.
    private let poster: Poster
    private let logger: Logger
    private let now: @Sendable () -> Date
    private let calendar: @Sendable () -> Calendar
    private var focusPolicy: FocusPolicy
    private var summaryPolicy: SummaryPolicy
    /// The user's own switch.
    private var setting = FocusSetting()
    /// Whether the notification server's own switch is on.
    private var serverOn = false
    /// Whether the session is locked.
    private var locked = false
    /// What is held, by notification.
    private var held: [NotificationKey: HeldNotification] = [:]
    /// The summaries on screen, with what each stood for when shown; a scope missing here
    /// (or standing for less than it covers now) is summarised again at its next release.
    private var summarised: [HeldSummary.Scope: Set<NotificationKey>] = [:]
    private var timer: (any WakeTimer)?

    /// Holds by `focus` and `summary`, on the wall clock `now` and the user's `calendar`; shows
    /// summaries through `own`, and what it releases through `poster`.
    init(
        store: Store, own: OwnNotifications, poster: Poster, focus: FocusPolicy, summary: SummaryPolicy, logger: Logger,
        now: @escaping @Sendable () -> Date, calendar: @escaping @Sendable () -> Calendar = { Calendar.autoupdatingCurrent }
    ) {
        self.store = store
        self.own = own
        self.poster = poster
        focusPolicy = focus
        summaryPolicy = summary
        self.logger = logger
        self.now = now
        self.calendar = calendar
    }

    /// Takes the user's Focus and what a previous run held (``Store/restored()``).
    func restore(focus: FocusSetting, held kept: [HeldNotification]) {
        setting = focus
        for entry in kept { held[key(entry)] = entry }
    }

    /// Starts releasing: what is due now (Focus ended or a summary time passed while the
    /// daemon was not running) at once, then at each change `timer` wakes for.
    func start(timer: any WakeTimer) async {
        self.timer = timer
        await reevaluate()
    }

    /// Uses `focus` and `summary` from now on (config.toml read again).
    func setPolicies(focus: FocusPolicy, summary: SummaryPolicy) async {
        focusPolicy = focus
        summaryPolicy = summary
        await reevaluate()
    }

    // MARK: Deciding

    /// Whether Focus holds notifications at `date`, and what holds them.
    private func sources(at date: Date) -> [FocusStatus.Source] {
        var by: [FocusStatus.Source] = []
        if setting.isOn(at: date) { by.append(.usernoted) }
        if focusPolicy.scheduled(at: date, in: calendar()) { by.append(.schedule) }
        if focusPolicy.followServer, serverOn { by.append(.server) }
        return by
    }

    /// Whether `app` is in the scheduled summary.
    private func inSummary(_ app: AppID, settings: AppSettings) -> Bool {
        !summaryPolicy.times.isEmpty && (settings.summary || summaryPolicy.apps.contains(app))
    }

    /// Decides what happens to `request` of `app`, about to be shown with `category`: shown
    /// now, or held (recorded in the store, in the order of the calls). A request replacing
    /// one on screen (`onScreen`, asked only when it would be held) is shown in its place, so
    /// it stays one notification.
    func admit(
        _ request: NotificationRequest, of app: AppID, category: NotificationCategory?, settings: AppSettings,
        onScreen: @Sendable () async -> Bool
    ) async -> Outcome {
        let key = NotificationKey(appID: app, requestID: request.identifier)
        let date = now()
        let focused = !sources(at: date).isEmpty && !setting.allow.contains(app)
        let decision = Admission.decide(
            request.content.interruptionLevel, settings: settings, focused: focused,
            inSummary: inSummary(app, settings: settings), locked: locked)
        switch decision {
        case .hold(let reason):
            guard await !onScreen() else { return .show(request) }
            let entry = HeldNotification(app: app, request: request, category: category, reason: reason, date: date)
            held[key] = entry
            if reason == .summary { timer?.arm(at: nextChange(after: date)) }  // the next summary time may be new
            return .held(store.queueHeld(entry))
        case .show(let level):
            if held.removeValue(forKey: key) != nil { store.removeHeld(app, identifiers: [request.identifier]) }
            var shown = request
            shown.content.interruptionLevel = level
            return .show(shown)
        }
    }

    // MARK: Focus

    /// Sets the user's own Focus from `json` (a ``FocusSetting``); returns the status then.
    func setFocus(json: String) async throws(CenterError) -> FocusStatus {
        let decoded = try rethrowingModelErrors { () throws(ModelError) in try ModelJSON.decodeFocus(json) }
        if decoded.on, let until = decoded.until, until <= now() {
            throw CenterError(.invalidRequest, "focus.until: \(ISO8601Date.format(until)) has passed; give a time in the future, or leave out 'until' to keep Focus on until turned off")
        }
        do {
            try await store.setFocus(decoded)
        } catch {
            throw CenterError(.storageFailed, "cannot save Focus to the state database, so nothing was changed: \(error)")
        }
        setting = decoded
        logger.info("focus set", metadata: ["on": "\(decoded.on)", "until": "\(decoded.until.map(ISO8601Date.format) ?? "-")"])
        await reevaluate()
        return status()
    }

    /// Focus as it is now.
    func status() -> FocusStatus {
        let date = now()
        let by = sources(at: date)
        return FocusStatus(
            active: !by.isEmpty, by: by, setting: setting, nextChange: nextChange(after: date),
            held: held.values.filter { $0.reason != .listed }.count)
    }

    /// The notification server's own switch is now `on`.
    func serverSwitch(_ on: Bool) async {
        guard on != serverOn else { return }
        serverOn = on
        logger.info("the notification server's do-not-disturb switch", metadata: ["on": "\(on)"])
        await reevaluate()
    }

    /// The session locked or unlocked; at unlock, what waited for it is shown.
    func setLocked(_ locked: Bool) async {
        self.locked = locked
        guard !locked else { return }
        await release(held.values.filter { $0.reason == .locked }.sorted { $0.date < $1.date })
    }

    /// The timer fired: Focus or a schedule may have changed, or a summary come due.
    func wake() async { await reevaluate() }

    /// Releases what a change since the last look calls for, and arms the timer for the next.
    private func reevaluate() async {
        let date = now()
        // Focus off: each app with notifications Focus held gets its summary (once; again when more were held since).
        if sources(at: date).isEmpty { await summarise(held.values.filter { $0.reason == .focus }.map(\.app)) }
        if digestDue(at: date) { await summarise(scope: .digest) }
        timer?.arm(at: nextChange(after: date))
    }

    /// When Focus may next turn on or off by itself, or a summary come due.
    private func nextChange(after date: Date) -> Date? {
        var dates = [focusPolicy.nextChange(after: date, in: calendar())]
        if setting.on, let until = setting.until, until > date { dates.append(until) }
        if held.values.contains(where: { $0.reason == .summary }) {
            dates.append(summaryPolicy.nextTime(after: date, in: calendar()))
        }
        return dates.compactMap { $0 }.min()
    }

    /// Whether a summary time passed since a notification now held for it was held, and it is
    /// not summarised yet (at once when the summary has no times any more: config changed).
    private func digestDue(at date: Date) -> Bool {
        let shown = summarised[.digest] ?? []
        return held.contains { key, entry in
            guard entry.reason == .summary, !shown.contains(key) else { return false }
            return summaryPolicy.nextTime(after: entry.date, in: calendar()).map { $0 <= date } ?? true
        }
    }

    // MARK: Summaries

    /// Shows (or updates in place) the Focus summary of each of `apps` whose held notifications changed since it was shown.
    private func summarise(_ apps: [AppID]) async {
        for app in Set(apps).sorted() { await summarise(scope: .focus(app)) }
    }

    /// Shows the summary of `scope`, or takes it away when nothing is left to summarise.
    private func summarise(scope: HeldSummary.Scope) async {
        let covered = held.filter { scope.covers($0.value) }
        guard !covered.isEmpty else { return await closeSummary(scope) }
        guard summarised[scope] != Set(covered.keys) else { return }
        summarised[scope] = Set(covered.keys)
        let request = HeldSummary.request(for: scope, of: Array(covered.values), top: summaryPolicy.top)
        await own.post(request, as: .summary)
        logger.info("summary shown", metadata: ["summary": "\(scope.requestID)", "count": "\(covered.count)"])
    }

    /// The user answered a summary: *Show all* (or a click on it) shows each notification it
    /// stands for with its own actions; *Clear* drops them, and returns a `dismiss` for each whose
    /// category asks for one, for the router to deliver; closing it keeps them in the list, not
    /// summarised again.
    func answered(_ interaction: Interaction) async -> [Interaction] {
        guard let scope = HeldSummary.Scope(requestID: interaction.request.identifier) else { return [] }
        var dismissals: [Interaction] = []
        let covered = held.values.filter { scope.covers($0) }.sorted { $0.date < $1.date }
        summarised[scope] = nil
        switch interaction.actionIdentifier {
        case OwnNotifications.showAll, NotificationResponse.defaultActionIdentifier:
            await release(covered)
        case OwnNotifications.clear:
            for entry in covered {
                held[key(entry)] = nil
                store.removeHeld(entry.app, identifiers: [entry.identifier])
                if entry.category?.sendsDismissAction == true {
                    dismissals.append(Interaction(
                        appID: entry.app, request: entry.request, category: entry.category,
                        actionIdentifier: NotificationResponse.dismissActionIdentifier,
                        userText: nil, activationToken: nil))
                }
            }
        case NotificationResponse.dismissActionIdentifier:
            for entry in covered { held[key(entry)]?.reason = .listed }
            for (app, entries) in Dictionary(grouping: covered, by: \.app) {
                store.setHeldReason(.listed, of: app, identifiers: entries.map(\.identifier))
            }
        default:
            return []
        }
        await closeSummary(scope)
        return dismissals
    }

    /// Takes the summary of `scope` off screen and out of the store.
    private func closeSummary(_ scope: HeldSummary.Scope) async {
        summarised[scope] = nil
        await own.close(scope.requestID, as: .summary)
    }

    /// Shows `entries` now, in order, past every hold. They leave the held set before the first
    /// is shown (a summary made while they are being shown must not name them), and the store's
    /// held rows once each is on its way (a crash in between shows it again, never loses it).
    private func release(_ entries: [HeldNotification]) async {
        for entry in entries { held[key(entry)] = nil }
        for entry in entries {
            await poster.release(entry)
            store.removeHeld(entry.app, identifiers: [entry.identifier])
        }
    }

    // MARK: The app's view

    /// The held requests of `app` (the app sees them among its delivered notifications).
    func delivered(of app: AppID) -> [NotificationRequest] {
        held.values.filter { $0.app == app }.map(\.request)
    }

    /// The app removed `identifiers` (nil: all its held ones): they leave the held set, and
    /// the summaries that named them are updated. Returns the identifiers that were held.
    @discardableResult
    func remove(_ app: AppID, identifiers: [String]?) async -> [String] {
        let removed = held.values.filter { $0.app == app && (identifiers?.contains($0.identifier) ?? true) }
        guard !removed.isEmpty else { return [] }
        for entry in removed { held[key(entry)] = nil }
        _ = try? await store.removeHeld(app, identifiers: removed.map(\.identifier)).value
        for scope in summarised.keys where removed.contains(where: scope.covers) { await summarise(scope: scope) }
        return removed.map(\.identifier)
    }

    private func key(_ entry: HeldNotification) -> NotificationKey {
        NotificationKey(appID: entry.app, requestID: entry.identifier)
    }
}
