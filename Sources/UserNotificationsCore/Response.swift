#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The user's answer to a notification (Apple's `UNNotificationResponse`), as sent to the
/// app's handler.
///
/// JSON: `{"appId", "requestId", "actionIdentifier", "userText"?, "notification": request,
/// "date": "2026-11-23T08:15:00Z", "activationToken"?}`; nil fields are left out.
public struct NotificationResponse: Sendable, Hashable, Codable {
    /// The action id for a click on the notification body (`UNNotificationDefaultActionIdentifier`).
    public static let defaultActionIdentifier = "default"
    /// The action id for a close by the user, sent only for categories with
    /// `customDismissAction` (`UNNotificationDismissActionIdentifier`).
    public static let dismissActionIdentifier = "dismiss"
    /// The action id of a background push (`content-available` without an alert), delivered to
    /// the app's handler without anything shown: its `notification.content.userInfo` is the
    /// payload's custom keys.
    public static let backgroundPushActionIdentifier = "background"

    /// Whether this is a background push rather than the user's answer.
    public var isBackgroundPush: Bool { actionIdentifier == Self.backgroundPushActionIdentifier }

    /// The app the notification belongs to.
    public var appId: AppID
    /// The identifier of the request answered.
    public var requestId: String
    /// The chosen action's identifier, or `default` / `dismiss`.
    public var actionIdentifier: String
    /// The typed text, for a text-input action.
    public var userText: String?
    /// The request answered, with its content and userInfo.
    public var notification: NotificationRequest
    /// When the user answered; ISO 8601 in JSON, to the millisecond.
    public var date: Date
    /// The XDG activation token for foreground actions, when the server gave one.
    public var activationToken: String?

    /// Creates a response.
    public init(
        appId: AppID, requestId: String, actionIdentifier: String, userText: String? = nil,
        notification: NotificationRequest, date: Date, activationToken: String? = nil
    ) {
        self.appId = appId
        self.requestId = requestId
        self.actionIdentifier = actionIdentifier
        self.userText = userText
        self.notification = notification
        self.date = date
        self.activationToken = activationToken
    }

    /// Whether the body was clicked.
    public var isDefaultAction: Bool { actionIdentifier == Self.defaultActionIdentifier }
    /// Whether the user closed the notification.
    public var isDismissAction: Bool { actionIdentifier == Self.dismissActionIdentifier }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case appId, requestId, actionIdentifier, userText, notification, date, activationToken
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self, in: "response")
        appId = try c.decode(AppID.self, forKey: .appId)
        requestId = try c.decode(String.self, forKey: .requestId)
        actionIdentifier = try c.decode(String.self, forKey: .actionIdentifier)
        userText = try c.decodeIfPresent(String.self, forKey: .userText)
        notification = try c.decode(NotificationRequest.self, forKey: .notification)
        let text = try c.decode(String.self, forKey: .date)
        guard let date = ISO8601Date.parse(text) else {
            throw ModelError(.invalidJSON, at: decoder.path(.key("date")),
                             "'\(text)' is not an ISO 8601 date; write it like 2026-11-23T08:15:00Z")
        }
        self.date = date
        activationToken = try c.decodeIfPresent(String.self, forKey: .activationToken)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(appId, forKey: .appId)
        try c.encode(requestId, forKey: .requestId)
        try c.encode(actionIdentifier, forKey: .actionIdentifier)
        try c.encodeIfPresent(userText, forKey: .userText)
        try c.encode(notification, forKey: .notification)
        try c.encode(ISO8601Date.format(date), forKey: .date)
        try c.encodeIfPresent(activationToken, forKey: .activationToken)
    }
}
