import UserNotificationsCore

/// The notification usernoted shows to ask whether an app may notify ("Allow notifications
/// from Calendar?", *Allow* / *Don't Allow*), under its own app id; its request id names the
/// app (`authorization.<app id>`), so its answer finds its way back without any other state.
enum AuthorizationPrompt {
    /// The start of every prompt's request id.
    static let prefix = "authorization."
    static let allow = "allow"
    static let dontAllow = "dont-allow"
    /// What `RequestAuthorization` and `AuthorizationChanged` say while the user has not chosen.
    static let undecided = "notDetermined"
    /// *Allow*, *Don't Allow*, and a `dismiss` when the user closes it without choosing; the
    /// question stays readable while previews are hidden.
    static let category = NotificationCategory(
        identifier: "usernoted.authorization",
        actions: [
            NotificationAction(identifier: allow, title: "Allow"),
            NotificationAction(identifier: dontAllow, title: "Don't Allow", options: [.destructive]),
        ],
        options: [.customDismissAction, .hiddenPreviewsShowTitle])

    /// The prompt asking about `app`, at critical urgency so that it waits for the user.
    static func request(for app: AppID) -> NotificationRequest {
        // Critical: servers do not let it expire (an expired notification sends no answer, and the app would wait on).
        let content = NotificationContent(
            title: "Allow notifications from \(HeldSummary.name(of: app))?",
            body: "\(app) wants to show notifications. You can change this later with usernotectl apps set.",
            categoryIdentifier: category.identifier, interruptionLevel: .critical)
        return NotificationRequest(identifier: prefix + app.rawValue, content: content)
    }

    /// The app a prompt's request id asks about; nil for any other request id.
    static func app(of requestID: String) -> AppID? {
        guard requestID.hasPrefix(prefix) else { return nil }
        return try? AppID(validating: String(requestID.dropFirst(prefix.count)))
    }

    /// What the user's `action` on the prompt decides: allowed or not; nil when it decides
    /// nothing (closed, or the body clicked), and the app stays undecided.
    static func decision(_ action: String) -> AppSettings.AuthorizationStatus? {
        switch action {
        case allow: .authorized
        case dontAllow: .denied
        default: nil
        }
    }
}
