import Synchronization
import UserNotificationsCore
import UsernotedAPI

/// The notification usernoted shows to ask whether an app may notify ("Allow notifications
/// from Calendar?", *Allow* / *Don't Allow*), one of its own (``OwnNotifications``); its request
/// id names the app (`authorization.<app id>`), so its answer finds its way back without any other state.
enum AuthorizationPrompt {
    /// What `RequestAuthorization` and `AuthorizationChanged` say while the user has not chosen.
    static let undecided = "notDetermined"

    /// The prompt asking about `app`, at critical urgency so that it waits for the user.
    static func request(for app: AppID) -> NotificationRequest {
        // Critical: servers do not let it expire (an expired notification sends no answer, and the app would wait on).
        let content = NotificationContent(
            title: "Allow notifications from \(HeldSummary.name(of: app))?",
            body: "\(app) wants to show notifications. You can change this later with usernotectl apps set.",
            categoryIdentifier: OwnNotifications.promptCategory.identifier, interruptionLevel: .critical)
        return NotificationRequest(identifier: OwnNotifications.promptID(for: app), content: content)
    }

    /// What the user's `action` on the prompt decides: allowed or not; nil when it decides
    /// nothing (closed, or the body clicked), and the app stays undecided.
    static func decision(_ action: String) -> AppSettings.AuthorizationStatus? {
        switch action {
        case OwnNotifications.allow: .authorized
        case OwnNotifications.dontAllow: .denied
        default: nil
        }
    }
}

/// Whether each app may notify, and the user's settings of each, as one state machine. An app
/// is in one of three states (``State``):
///
///     unknown ── its first post, or RequestAuthorization ─────────────► known (authorized, recorded)
///     unknown ── RequestAuthorization with [authorization] ask ───────► asking (the prompt shown)
///     asking ─── Allow / Don't Allow ─────────────────────────────────► known (authorized / denied, recorded)
///     asking ─── closed unanswered, body clicked, or not recorded ────► unknown
///     known ──── the user's SetSettings ──────────────────────────────► known (changed, recorded)
///
/// While asking, its posts are refused and RequestAuthorization answers `notDetermined` without a
/// second prompt; a known app that is denied has its posts refused. The router hands it the
/// prompt's answers and announces the status they give (`AuthorizationChanged`). Its methods run
/// on the caller's actor; each change is in the store before it is in the settings table.
final class Authorization: OwnNotifications.Prompts {
    /// Where an app is.
    enum State: Equatable {
        /// Never seen: no settings recorded, nobody asked.
        case unknown
        /// The prompt asks the user about it.
        case asking
        /// Its settings are recorded (whatever they say).
        case known(AppSettings)
    }

    private let settings: AppSettingsTable
    private let store: Store
    /// Shows and closes the prompts.
    private let own: OwnNotifications
    private let policy: Mutex<AuthorizationPolicy>
    /// The apps the user is being asked about.
    private let asking = Mutex<Set<AppID>>([])

    /// Authorization by `policy`, recorded in `settings` and `store`, its prompts shown through `own`.
    init(settings: AppSettingsTable, store: Store, own: OwnNotifications, policy: AuthorizationPolicy) {
        self.settings = settings
        self.store = store
        self.own = own
        self.policy = Mutex(policy)
    }

    /// Uses `policy` from now on.
    func setPolicy(_ policy: AuthorizationPolicy) { self.policy.withLock { $0 = policy } }

    /// Takes the settings a previous run kept (``Store/restored()``).
    func restore(_ kept: [AppID: AppSettings]) {
        settings.restore(kept)
    }

    /// Where `app` is now.
    func state(of app: AppID) -> State {
        if let known = settings.known(app) { return .known(known) }
        return asking.withLock { $0.contains(app) } ? .asking : .unknown
    }

    /// The user's settings of `app` (the defaults for an app never seen).
    func settings(of app: AppID) -> AppSettings { settings.settings(of: app) }

    /// Every app that posted or was set, with its settings.
    var allSettings: [AppID: AppSettings] { settings.all }

    /// Changes the fields of `app`'s settings that `json` gives (the user's call, not the app's).
    nonisolated(nonsending) func setSettings(_ app: AppID, json: String) async throws(CenterError) {
        let update = try rethrowingModelErrors { () throws(ModelError) in try ModelJSON.decodeSettingsUpdate(json) }
        let changed = settings(of: app).applying(update)
        try await saving("the settings") { try await store.setSettings(changed, of: app) }
        settings.set(changed, of: app)
    }

    /// Refuses a post of an app the user denied, or is being asked about; an app's first post
    /// records it as authorized (as desktops do on first use).
    nonisolated(nonsending) func authorizePost(of app: AppID) async throws(CenterError) {
        try Self.refuseOwnID(app)
        switch state(of: app) {
        case .known(let known):
            guard known.authorizationStatus != .denied else {
                throw CenterError(.notAuthorized, "the user does not allow notifications from \(app); nothing was shown (the user can allow them with `usernotectl apps set \(app) --allow`)")
            }
        case .asking:
            throw CenterError(.notAuthorized, "the user is being asked whether to allow notifications from \(app); nothing was shown (post once requestAuthorization has answered)")
        case .unknown:
            try await firstUse(app)
        }
    }

    /// `RequestAuthorization`: the stored status of an app already known; an app never seen is
    /// recorded as authorized, or, when the policy asks, the user is asked with one notification
    /// (however often the app calls meanwhile) and the answer is `notDetermined` until then.
    nonisolated(nonsending) func request(_ app: AppID) async throws(CenterError) -> String {
        try Self.refuseOwnID(app)
        switch state(of: app) {
        case .known(let known):
            return known.authorizationStatus.rawValue
        case .asking:
            return AuthorizationPrompt.undecided
        case .unknown:
            guard policy.withLock({ $0.ask }) else {
                try await firstUse(app)
                return AppSettings().authorizationStatus.rawValue
            }
            if asking.withLock({ $0.insert(app).inserted }) {
                await own.post(AuthorizationPrompt.request(for: app), as: .prompt)
            }
            return AuthorizationPrompt.undecided
        }
    }

    /// The user answered the prompt about `app` with `action`: records the choice (none when it
    /// was closed unanswered) and takes the prompt away. Returns the status the app now has,
    /// `notDetermined` when undecided; nil when `app` was not being asked about.
    nonisolated(nonsending) func answered(_ app: AppID, action: String) async -> String? {
        guard asking.withLock({ $0.remove(app) }) != nil else { return nil }
        await own.close(OwnNotifications.promptID(for: app), as: .prompt)
        guard let status = AuthorizationPrompt.decision(action) else { return AuthorizationPrompt.undecided }
        let decided = settings(of: app).applying(AppSettings.Update(authorizationStatus: status))
        // Not saved, the app stays undecided: it asks again, rather than believe what a restart would forget.
        guard (try? await store.setSettings(decided, of: app)) != nil else { return AuthorizationPrompt.undecided }
        settings.set(decided, of: app)
        return status.rawValue
    }

    /// Records an app never seen as authorized (the defaults).
    private nonisolated(nonsending) func firstUse(_ app: AppID) async throws(CenterError) {
        try await saving("the app's settings") { try await store.setSettings(AppSettings(), of: app) }
        settings.set(AppSettings(), of: app)
    }

    /// usernoted's own app id is not an app's.
    private static func refuseOwnID(_ app: AppID) throws(CenterError) {
        guard app != OwnNotifications.appID else {
            throw CenterError(.invalidAppId, "\(app) is usernoted's own app id; use your app's id")
        }
    }
}
