/// A notification to show now or later (Apple's `UNNotificationRequest`).
///
/// JSON: `{"identifier"?, "content", "trigger"?}`. A missing or empty identifier means
/// "assign one" (see ``withIdentifier(_:)``). A missing or null `trigger` means "show now";
/// `trigger` is encoded only when set.
public struct NotificationRequest: Sendable, Hashable, Codable, Identifiable {
    /// Names the request; posting the same identifier again replaces it. `""` until assigned.
    public var identifier: String
    /// What to show.
    public var content: NotificationContent
    /// When to show it; nil = show now.
    public var trigger: NotificationTrigger?

    public var id: String { identifier }

    /// Creates a request.
    public init(identifier: String = "", content: NotificationContent, trigger: NotificationTrigger? = nil) {
        self.identifier = identifier
        self.content = content
        self.trigger = trigger
    }

    /// Whether the identifier still has to be assigned.
    public var needsIdentifier: Bool { identifier.isEmpty }

    /// The same request with `identifier`.
    public func withIdentifier(_ identifier: String) -> NotificationRequest {
        var copy = self
        copy.identifier = identifier
        return copy
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case identifier, content, trigger
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self, in: "request")
        identifier = try c.decodeIfPresent(String.self, forKey: .identifier) ?? ""
        content = try c.decode(NotificationContent.self, forKey: .content)
        trigger = try c.decodeIfPresent(NotificationTrigger.self, forKey: .trigger)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(identifier, forKey: .identifier)
        try c.encode(content, forKey: .content)
        try c.encodeIfPresent(trigger, forKey: .trigger)
    }
}
