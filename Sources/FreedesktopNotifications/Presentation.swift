import UserNotificationsCore

/// One notification of ours that the ``NotificationBridge`` shows: what it shows, where it
/// is on the server, and what the user did with it so far. A value; the bridge drives it
/// through the transitions below.
struct Presentation {
    /// Where the notification is on the server.
    enum Phase: Hashable {
        /// No server shows it yet: none is there, a new one is still to show it, or its
        /// `Notify` failed.
        case waitingForServer
        /// The server shows it under this id.
        case shown(serverID: UInt32)
        /// Its thread's stack stands for it on screen (see ``ThreadStack``): still delivered,
        /// not shown by itself.
        case stacked
    }

    /// What it shows (the full request; previews are hidden when it is sent, not here).
    let request: NotificationRequest
    let category: NotificationCategory?
    /// Its app's `showPreviews`: `always` and `never` win over whether previews are hidden now.
    let showPreviews: AppSettings.ShowPreviews
    private(set) var phase: Phase
    /// An action answered it: a later close is not a dismiss (one interaction, one response).
    private(set) var answered = false
    /// The token the server sent just before an action, for that action's response.
    private(set) var activationToken: String?
    /// When it was shown, in order: the newest has the largest.
    let order: UInt64
    /// A server showed it once, in this run or a previous one: its sound played, and its banner
    /// came where the server shows banners. Shown again (after a restart of usernoted or of the
    /// server, at the lock and unlock) it is quiet: see ``quietAgain``.
    private(set) var announced: Bool
    /// The user asked to see it again (*Show all* on its thread's stack): shown next with its
    /// banner, still without its sound.
    private(set) var summoned = false

    /// `request`, to be shown in place of what the server shows as `serverID` (a replaced
    /// request's, or one a previous run showed), or anew when nil.
    init(
        request: NotificationRequest, category: NotificationCategory?, order: UInt64, serverID: UInt32?,
        showPreviews: AppSettings.ShowPreviews = .whenUnlocked, announced: Bool = false
    ) {
        self.request = request
        self.category = category
        self.showPreviews = showPreviews
        self.order = order
        self.announced = announced
        phase = serverID.map { .shown(serverID: $0) } ?? .waitingForServer
    }

    /// What to send: the request, or its hidden-preview form when its app never shows previews,
    /// or when previews are `hidden` now and its app does not always show them.
    /// Without its sound once it was ``announced``.
    func shown(previewsHidden hidden: Bool) -> NotificationRequest {
        var shown = switch showPreviews {
        case .always: request
        case .never: request.hidingPreview(category: category)
        case .whenUnlocked: hidden ? request.hidingPreview(category: category) : request
        }
        if announced { shown.content.sound = nil }
        return shown
    }

    /// Whether it is shown again, so it comes back without a banner where the server allows
    /// (``NotifyMapping/urgency(of:again:profile:)``): it was announced, and the user did not ask for it.
    var quietAgain: Bool { announced && !summoned }

    /// The server's id for it, if one shows it.
    var serverID: UInt32? {
        guard case .shown(let id) = phase else { return nil }
        return id
    }

    /// Whether its thread's stack stands for it.
    var isStacked: Bool { phase == .stacked }

    /// Its thread, if it names one.
    func thread(of appID: AppID) -> ThreadKey? { ThreadKey(appID: appID, request: request) }

    /// The server answered a `Notify` for it with `serverID`.
    mutating func shown(serverID: UInt32) {
        phase = .shown(serverID: serverID)
        announced = true
        summoned = false
    }

    /// Nobody shows it now: the server left, a new one took its name, or it was closed to be
    /// shown anew (a stacked one stays stacked).
    mutating func offScreen() { if !isStacked { phase = .waitingForServer } }

    /// Its thread's stack takes its place; returns the id the server showed it under, if any.
    mutating func stacked() -> UInt32? {
        defer { phase = .stacked }
        return serverID
    }

    /// *Show all*: it is to be shown by itself again, as the user asked: with its banner.
    mutating func unstacked() {
        phase = .waitingForServer
        summoned = true
    }

    /// The server sent the activation token that goes with the action about to come.
    mutating func activationTokenArrived(_ token: String) { activationToken = token }

    /// An action answered it. Returns the activation token for that action's response,
    /// which this uses up.
    mutating func answeredByAction() -> String? {
        answered = true
        defer { activationToken = nil }
        return activationToken
    }
}
