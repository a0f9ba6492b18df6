import UsernotedAPI
import UserNotificationsCore

/// A notification to show now (no trigger) or later; the same identifier replaces it.
public struct UNNotificationRequest: Sendable {
    /// Names the request; adding the same identifier again replaces it.
    public let identifier: String
    /// What to show.
    public let content: UNNotificationContent
    /// When to show it; nil = now.
    public let trigger: (any UNNotificationTrigger)?

    /// Creates a request.
    public init(identifier: String, content: UNNotificationContent, trigger: (any UNNotificationTrigger)?) {
        self.identifier = identifier
        self.content = content
        self.trigger = trigger
    }

    /// Creates a request from mutable content, taking a snapshot of it.
    public init(identifier: String, content: UNMutableNotificationContent, trigger: (any UNNotificationTrigger)?) {
        self.init(identifier: identifier, content: UNNotificationContent(content), trigger: trigger)
    }

    /// The request a model request describes.
    init(_ model: NotificationRequest) {
        self.init(identifier: model.identifier, content: UNNotificationContent(model.content),
                  trigger: TriggerMapping.trigger(model.trigger))
    }

    /// The model request; throws for `userInfo` that is not JSON or an unknown trigger type.
    func model() throws(UNError) -> NotificationRequest {
        if !content.unconvertibleUserInfoKeys.isEmpty {
            throw UNError(.requestRejected, name: ErrorName.invalidRequest.dbusName.rawValue,
                          "request.content.userInfo: the values of \(content.unconvertibleUserInfoKeys.map { "'\($0)'" }.joined(separator: ", ")) are not String, number, Bool, NSNull, or arrays or string-keyed dictionaries of those")
        }
        return NotificationRequest(identifier: identifier, content: content.model, trigger: try TriggerMapping.model(trigger))
    }
}
