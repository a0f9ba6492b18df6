import UserNotificationsCore

/// What the user did with a notification, as the server told it: the raw material of a response.
public struct Interaction: Sendable, Hashable {
    public var appID: AppID
    /// The request as it was shown.
    public var request: NotificationRequest
    /// The category it was shown with (its buttons), as its ``Presentation`` keeps it; nil for
    /// none, or when not known (an interaction made after the notification left).
    public var category: NotificationCategory?
    /// `default`, `dismiss`, or the identifier of one of the category's actions.
    public var actionIdentifier: String
    /// Text typed into an inline reply.
    public var userText: String?
    /// The XDG activation token that came with the action, for foreground actions.
    public var activationToken: String?

    public init(
        appID: AppID, request: NotificationRequest, category: NotificationCategory?, actionIdentifier: String, userText: String?,
        activationToken: String?
    ) {
        self.appID = appID
        self.request = request
        self.category = category
        self.actionIdentifier = actionIdentifier
        self.userText = userText
        self.activationToken = activationToken
    }
}

/// Which notification: an app's request identifier.
public struct NotificationKey: Sendable, Hashable {
    public var appID: AppID
    public var requestID: String
    public init(appID: AppID, requestID: String) {
        self.appID = appID
        self.requestID = requestID
    }

    /// Hashes the request identifier alone (keys equal by both are equal by it): the bridge
    /// looks a key up about ten times per post, and the app id would double what each costs.
    public func hash(into hasher: inout Hasher) { hasher.combine(requestID) }
}
