/// What a notification shows and carries (Apple's `UNNotificationContent`).
///
/// JSON: every field optional; strings default to `""`, `userInfo` to `{}`,
/// `interruptionLevel` to `"active"`, `attachments` to `[]`; `sound`, `badge`,
/// `targetContentIdentifier`, `relevanceScore` may be left out (and are encoded only when set,
/// as are `attachments` only when there are some); `summaryArgument` defaults to `""` and
/// `summaryArgumentCount` to 1, each encoded only when it differs.
public struct NotificationContent: Sendable, Hashable, Codable {
    /// The headline (freedesktop summary).
    public var title: String
    /// A second line, shown under the title where the server allows.
    public var subtitle: String
    /// The message text.
    public var body: String
    /// App data, returned in every response.
    public var userInfo: [String: JSONValue]
    /// The category whose actions the notification shows; `""` for none.
    public var categoryIdentifier: String
    /// Groups related notifications.
    public var threadIdentifier: String
    /// `"default"` or a sound name from the freedesktop sound theme; `nil` for silence.
    public var sound: String?
    /// How urgently to interrupt.
    public var interruptionLevel: InterruptionLevel
    /// The app badge count to set when shown; `nil` leaves it.
    public var badge: Int?
    /// Which app window or content the notification is about.
    public var targetContentIdentifier: String?
    /// Images to show with it; the first one is shown (`image-path`).
    public var attachments: [NotificationAttachment]
    /// How relevant it is among the app's notifications, from 0 to 1; `nil` when not said.
    public var relevanceScore: Double?
    /// Who or what it is about, for the summary of its thread's stack (e.g. "Anna").
    public var summaryArgument: String
    /// How many items it stands for in that summary (e.g. 3 for one notification of three
    /// messages); at least 1.
    public var summaryArgumentCount: Int

    /// The `sound` value for the theme's default notification sound.
    public static let defaultSound = "default"

    /// The `userInfo` key usernoted keeps what the Notification portal asks of the server
    /// under; an app's request may not use it.
    public static let serverHintsKey = "x-usernoted-server"

    /// Creates content.
    public init(
        title: String = "", subtitle: String = "", body: String = "",
        userInfo: [String: JSONValue] = [:], categoryIdentifier: String = "",
        threadIdentifier: String = "", sound: String? = nil,
        interruptionLevel: InterruptionLevel = .active, badge: Int? = nil,
        targetContentIdentifier: String? = nil, attachments: [NotificationAttachment] = [],
        relevanceScore: Double? = nil, summaryArgument: String = "", summaryArgumentCount: Int = 1
    ) {
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.userInfo = userInfo
        self.categoryIdentifier = categoryIdentifier
        self.threadIdentifier = threadIdentifier
        self.sound = sound
        self.interruptionLevel = interruptionLevel
        self.badge = badge
        self.targetContentIdentifier = targetContentIdentifier
        self.attachments = attachments
        self.relevanceScore = relevanceScore
        self.summaryArgument = summaryArgument
        self.summaryArgumentCount = summaryArgumentCount
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case title, subtitle, body, userInfo, categoryIdentifier, threadIdentifier, sound,
             interruptionLevel, badge, targetContentIdentifier, attachments, relevanceScore,
             summaryArgument, summaryArgumentCount
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self, in: "content")
        title = try c.decodeIfPresent(String.self, forKey: .title) ?? ""
        subtitle = try c.decodeIfPresent(String.self, forKey: .subtitle) ?? ""
        body = try c.decodeIfPresent(String.self, forKey: .body) ?? ""
        userInfo = try c.decodeIfPresent([String: JSONValue].self, forKey: .userInfo) ?? [:]
        categoryIdentifier = try c.decodeIfPresent(String.self, forKey: .categoryIdentifier) ?? ""
        threadIdentifier = try c.decodeIfPresent(String.self, forKey: .threadIdentifier) ?? ""
        sound = try c.decodeIfPresent(String.self, forKey: .sound)
        interruptionLevel = try c.decodeIfPresent(InterruptionLevel.self, forKey: .interruptionLevel) ?? .active
        // Read as any JSON value: Foundation reports 1.5 for an Int as "not valid JSON".
        switch try c.decodeIfPresent(JSONValue.self, forKey: .badge) {
        case nil, .null?: badge = nil
        case let value?:
            guard let number = value.intValue, let count = Int(exactly: number) else {
                throw ModelError(.invalidJSON, at: decoder.path(.key("badge")), "expected a whole number")
            }
            badge = count
        }
        targetContentIdentifier = try c.decodeIfPresent(String.self, forKey: .targetContentIdentifier)
        attachments = try c.decodeIfPresent([NotificationAttachment].self, forKey: .attachments) ?? []
        relevanceScore = try c.decodeIfPresent(Double.self, forKey: .relevanceScore)
        summaryArgument = try c.decodeIfPresent(String.self, forKey: .summaryArgument) ?? ""
        summaryArgumentCount = try c.decodeIfPresent(Int.self, forKey: .summaryArgumentCount) ?? 1
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(title, forKey: .title)
        try c.encode(subtitle, forKey: .subtitle)
        try c.encode(body, forKey: .body)
        try c.encode(userInfo, forKey: .userInfo)
        try c.encode(categoryIdentifier, forKey: .categoryIdentifier)
        try c.encode(threadIdentifier, forKey: .threadIdentifier)
        try c.encodeIfPresent(sound, forKey: .sound)
        try c.encode(interruptionLevel, forKey: .interruptionLevel)
        try c.encodeIfPresent(badge, forKey: .badge)
        try c.encodeIfPresent(targetContentIdentifier, forKey: .targetContentIdentifier)
        if !attachments.isEmpty { try c.encode(attachments, forKey: .attachments) }
        try c.encodeIfPresent(relevanceScore, forKey: .relevanceScore)
        if !summaryArgument.isEmpty { try c.encode(summaryArgument, forKey: .summaryArgument) }
        if summaryArgumentCount != 1 { try c.encode(summaryArgumentCount, forKey: .summaryArgumentCount) }
    }
}
