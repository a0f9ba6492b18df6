/// A type of notification and its buttons (Apple's `UNNotificationCategory`).
///
/// JSON: `{"identifier", "actions"?: [...], "intentIdentifiers"?: [...],
/// "hiddenPreviewsBodyPlaceholder"?, "categorySummaryFormat"?, "options"?: [...], "minimalActions"?: [...]}`.
public struct NotificationCategory: Sendable, Hashable, Codable, Identifiable {
    /// How notifications of the category behave (Apple's `UNNotificationCategoryOptions`).
    public struct Options: NamedOptions, Codable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Send a `dismiss` response when the user closes the notification.
        public static let customDismissAction = Options(rawValue: 1 << 0)
        /// Allowed in CarPlay (kept for Apple compatibility; no effect here).
        public static let allowInCarPlay = Options(rawValue: 1 << 1)
        /// Show the title even when previews are hidden.
        public static let hiddenPreviewsShowTitle = Options(rawValue: 1 << 2)
        /// Show the subtitle even when previews are hidden.
        public static let hiddenPreviewsShowSubtitle = Options(rawValue: 1 << 3)
        /// May be read aloud (kept for Apple compatibility; no effect here).
        public static let allowAnnouncement = Options(rawValue: 1 << 4)

        public static let allNamed: [(name: String, option: Options)] = [
            ("customDismissAction", .customDismissAction), ("allowInCarPlay", .allowInCarPlay),
            ("hiddenPreviewsShowTitle", .hiddenPreviewsShowTitle),
            ("hiddenPreviewsShowSubtitle", .hiddenPreviewsShowSubtitle),
            ("allowAnnouncement", .allowAnnouncement),
        ]
        public static var errorKind: ErrorName { .invalidCategory }
        public static var owner: String { "category" }

        public init(from decoder: any Decoder) throws { self = try Self.decodeNames(from: decoder) }
        public func encode(to encoder: any Encoder) throws { try encodeNames(to: encoder) }
    }

    /// Names the category; content refers to it by `categoryIdentifier`.
    public var identifier: String
    /// The buttons, in declared order.
    public var actions: [NotificationAction]
    /// Siri intent identifiers (kept for Apple compatibility).
    public var intentIdentifiers: [String]
    /// Shown instead of the body while previews are hidden (e.g. the session is locked).
    public var hiddenPreviewsBodyPlaceholder: String?
    /// The text of a stack of this category's notifications (Apple's `categorySummaryFormat`):
    /// `%u` the count, `%@` the summary argument; `""` for the default (see ``SummaryFormat``).
    public var categorySummaryFormat: String
    /// Category options.
    public var options: Options
    /// The identifiers of at most 2 of ``actions`` for servers that show few buttons (Apple's
    /// `.minimal` action context); empty: those servers get the full set.
    public var minimalActions: [String]

    public var id: String { identifier }

    /// Creates a category.
    public init(
        identifier: String, actions: [NotificationAction] = [], intentIdentifiers: [String] = [],
        hiddenPreviewsBodyPlaceholder: String? = nil, categorySummaryFormat: String = "", options: Options = [],
        minimalActions: [String] = []
    ) {
        self.identifier = identifier
        self.actions = actions
        self.intentIdentifiers = intentIdentifiers
        self.hiddenPreviewsBodyPlaceholder = hiddenPreviewsBodyPlaceholder
        self.categorySummaryFormat = categorySummaryFormat
        self.options = options
        self.minimalActions = minimalActions
    }

    /// The actions in the order buttons are shown: declared order, destructive ones last.
    public var orderedActions: [NotificationAction] {
        actions.filter { !$0.isDestructive } + actions.filter(\.isDestructive)
    }

    /// ``minimalActions`` as actions, in the order buttons are shown (destructive last).
    public var orderedMinimalActions: [NotificationAction] {
        orderedActions.filter { minimalActions.contains($0.identifier) }
    }

    /// The first action in declared order that is neither destructive nor asks for text
    /// (watchOS's Double Tap action; a reply needs typing, so it cannot be one tap).
    public var primaryAction: NotificationAction? { actions.first { !$0.isDestructive && !$0.isTextInput } }

    /// The text-input action, if the category has one.
    public var textInputAction: NotificationAction? { actions.first(where: \.isTextInput) }

    /// The action with `identifier`, if any.
    public func action(withIdentifier identifier: String) -> NotificationAction? {
        actions.first { $0.identifier == identifier }
    }

    /// Whether closing a notification of this category yields a `dismiss` response.
    public var sendsDismissAction: Bool { options.contains(.customDismissAction) }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case identifier, actions, intentIdentifiers, hiddenPreviewsBodyPlaceholder, categorySummaryFormat, options, minimalActions
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self, in: "category")
        identifier = try c.decode(String.self, forKey: .identifier)
        actions = try c.decodeIfPresent([NotificationAction].self, forKey: .actions) ?? []
        intentIdentifiers = try c.decodeIfPresent([String].self, forKey: .intentIdentifiers) ?? []
        hiddenPreviewsBodyPlaceholder = try c.decodeIfPresent(String.self, forKey: .hiddenPreviewsBodyPlaceholder)
        categorySummaryFormat = try c.decodeIfPresent(String.self, forKey: .categorySummaryFormat) ?? ""
        options = try c.decodeIfPresent(Options.self, forKey: .options) ?? []
        minimalActions = try c.decodeIfPresent([String].self, forKey: .minimalActions) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(identifier, forKey: .identifier)
        try c.encode(actions, forKey: .actions)
        try c.encode(intentIdentifiers, forKey: .intentIdentifiers)
        try c.encodeIfPresent(hiddenPreviewsBodyPlaceholder, forKey: .hiddenPreviewsBodyPlaceholder)
        if !categorySummaryFormat.isEmpty { try c.encode(categorySummaryFormat, forKey: .categorySummaryFormat) }
        try c.encode(options, forKey: .options)
        if !minimalActions.isEmpty { try c.encode(minimalActions, forKey: .minimalActions) }
    }
}
