import UsernotedAPI
import UserNotificationsCore

/// A notification to show now (no trigger) or later; the same identifier replaces it.
///
/// An `NSObject`, as on Apple platforms; immutable, so `copy()` is itself.
public final class UNNotificationRequest: NSObject, NSCopying, Sendable {
    /// Names the request; adding the same identifier again replaces it.
    public let identifier: String
    /// What to show: an immutable copy of the content the request was made with.
    public let content: UNNotificationContent
    /// When to show it; nil = now.
    public let trigger: UNNotificationTrigger?

    /// Creates a request with a copy of `content` (later changes to mutable content do not reach it).
    public init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        self.identifier = identifier
        self.content = UNNotificationContent(fields: content.snapshot)
        self.trigger = trigger
        super.init()
    }

    /// The request a model request describes.
    convenience init(_ model: NotificationRequest) {
        self.init(identifier: model.identifier, content: UNNotificationContent(model.content),
                  trigger: TriggerMapping.trigger(model.trigger))
    }

    /// The model request; throws for `userInfo` that is not JSON or an unknown trigger type.
    func model() throws(UNError) -> NotificationRequest {
        let fields = content.snapshot
        if !fields.unconvertibleUserInfoKeys.isEmpty {
            throw UNError(.requestRejected, name: ErrorName.invalidRequest.dbusName.rawValue,
                          "request.content.userInfo: the values of \(fields.unconvertibleUserInfoKeys.map { "'\($0)'" }.joined(separator: ", ")) are not String, number, Bool, NSNull, or arrays or string-keyed dictionaries of those")
        }
        return NotificationRequest(identifier: identifier, content: fields.model, trigger: try TriggerMapping.model(trigger))
    }

    /// Itself: a request does not change.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// Whether `object` is a request with the same identifier, content and trigger.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationRequest else { return false }
        return identifier == other.identifier && content == other.content && trigger == other.trigger
    }

    public override var hash: Int { identifier.hashValue }
}
