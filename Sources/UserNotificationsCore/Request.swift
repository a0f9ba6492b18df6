/// A notification to show (Apple's `UNNotificationRequest`), without a trigger for now.
///
/// JSON: `{"identifier"?, "content"}`. A missing or empty identifier means "assign one"
/// (see ``withIdentifier(_:)``). A `trigger` key is refused until scheduling is supported.
public struct NotificationRequest: Sendable, Hashable, Codable, Identifiable {
    /// Names the request; posting the same identifier again replaces it. `""` until assigned.
    public var identifier: String
    /// What to show.
    public var content: NotificationContent

    public var id: String { identifier }

    /// Creates a request.
    public init(identifier: String = "", content: NotificationContent) {
        self.identifier = identifier
        self.content = content
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
        if c.contains(.trigger), try !c.decodeNil(forKey: .trigger) {
            throw ModelError(.invalidRequest, at: decoder.path(.key("trigger")),
                             "scheduled triggers are not supported yet; leave out 'trigger' to show the notification now")
        }
        identifier = try c.decodeIfPresent(String.self, forKey: .identifier) ?? ""
        content = try c.decode(NotificationContent.self, forKey: .content)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(identifier, forKey: .identifier)
        try c.encode(content, forKey: .content)
    }
}
