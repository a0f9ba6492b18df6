import Foundation
import FreedesktopNotifications
import UserNotificationsCore

/// usernoted's own notifications, of two kinds: the prompt asking whether an app may notify
/// (``AuthorizationPrompt``, its request id `authorization.<app id>`) and the summaries of what
/// Focus held (``HeldSummary``). They are shown under usernoted's own app id with their own
/// categories, and their answers come back here, never to an app: a prompt's to the apps'
/// authorization, any other to the summaries. Posting and closing run on the caller's actor;
/// it keeps nothing of its own.
struct OwnNotifications: Sendable {
    /// The app id usernoted shows its own notifications under; no app may post as it.
    static let appID = try! AppID(validating: "io.github.usernoted")  // a valid literal

    /// The two kinds, each with its category; a summary is recorded as delivered while it is on
    /// screen (a restarted daemon takes it over in place), a prompt is not (a restart forgets
    /// whom it asked).
    enum Kind: Sendable {
        case prompt
        case summary

        var category: NotificationCategory {
            switch self {
            case .prompt: OwnNotifications.promptCategory
            case .summary: OwnNotifications.summaryCategory
            }
        }
    }

    /// The prompt's answer that allows the app.
    static let allow = "allow"
    /// The prompt's answer that denies it.
    static let dontAllow = "dont-allow"
    /// The summary's action that shows every notification it stands for, each with its own actions.
    static let showAll = "show-all"
    /// The summary's action that drops them.
    static let clear = "clear"

    /// *Allow*, *Don't Allow*, and a `dismiss` when the user closes it without choosing; the
    /// question stays readable while previews are hidden.
    static let promptCategory = choice(
        "usernoted.authorization", (allow, "Allow"), or: (dontAllow, "Don't Allow"), also: [.hiddenPreviewsShowTitle])
    /// The category of every summary: *Show all*, *Clear*, and a `dismiss` when the user closes it.
    static let summaryCategory = choice("usernoted.summary", (showAll, "Show all"), or: (clear, "Clear"))

    /// A category of two buttons, the second destructive, that hears the user close it.
    private static func choice(
        _ identifier: String, _ first: (id: String, title: String), or second: (id: String, title: String),
        also options: NotificationCategory.Options = []
    ) -> NotificationCategory {
        NotificationCategory(
            identifier: identifier,
            actions: [
                NotificationAction(identifier: first.id, title: first.title),
                NotificationAction(identifier: second.id, title: second.title, options: [.destructive]),
            ],
            options: options.union(.customDismissAction))
    }

    /// The start of every prompt's request id.
    static let promptPrefix = "authorization."

    /// The request id of the prompt asking about `app`.
    static func promptID(for app: AppID) -> String { promptPrefix + app.rawValue }

    /// The app a prompt's request id asks about; nil for any other request id.
    static func app(ofPrompt requestID: String) -> AppID? {
        guard requestID.hasPrefix(promptPrefix) else { return nil }
        return try? AppID(validating: String(requestID.dropFirst(promptPrefix.count)))
    }

    let bridge: NotificationBridge
    let store: Store
    /// The wall clock a summary's record is dated by.
    let now: @Sendable () -> Date

    /// Shows `request` of `kind` (in place of the one with its identifier); a summary is
    /// recorded as delivered, its record queued.
    func post(_ request: NotificationRequest, as kind: Kind) async {
        let (_, serverID) = await bridge.post(appID: Self.appID, request: request, category: kind.category)
        guard case .summary = kind else { return }
        _ = store.queueDelivered(DeliveredNotification(
            app: Self.appID, request: request, category: kind.category, serverID: serverID, date: now()))
    }

    /// Takes the notification of `kind` with `requestID` off screen (and a summary out of the store).
    func close(_ requestID: String, as kind: Kind) async {
        await bridge.close(NotificationKey(appID: Self.appID, requestID: requestID))
        guard case .summary = kind else { return }
        try? await store.removeDelivered(Self.appID, identifier: requestID)
    }

    // MARK: Answers

    /// What takes the prompts' answers: the apps' authorization.
    protocol Prompts: Sendable {
        /// The user answered the prompt about `app` with `action`; the status the app now has, nil when it was not asked about.
        func answered(_ app: AppID, action: String) async -> String?
    }

    /// What takes the summaries' answers: Focus, which holds what they stand for.
    protocol Summaries: Sendable {
        /// The user answered a summary; the dismissals it makes, for the router to deliver.
        func answered(_ interaction: Interaction) async -> [Interaction]
    }

    /// What an answer to one of usernoted's own notifications comes to.
    enum Answer: Equatable, Sendable {
        /// The prompt about `app` left it with `status` (`notDetermined` while undecided), for its subscribers.
        case authorization(AppID, status: String)
        /// A summary was answered; these dismissals of what it stood for go to their apps.
        case dismissals([Interaction])
        /// Nothing follows (a prompt for an app no longer asked about).
        case nothing
    }

    /// Hands `interaction` to whichever of usernoted's own notifications it answers: a prompt's
    /// to `prompts`, any other to `summaries`. Nil when it answers an app's notification.
    static func answer(
        _ interaction: Interaction, prompts: some Prompts, summaries: some Summaries
    ) async -> Answer? {
        guard interaction.appID == appID else { return nil }
        guard let app = app(ofPrompt: interaction.request.identifier) else {
            return .dismissals(await summaries.answered(interaction))
        }
        guard let status = await prompts.answered(app, action: interaction.actionIdentifier) else { return .nothing }
        return .authorization(app, status: status)
    }
}
