import UserNotificationsCore

/// How notifications of a category behave.
public struct UNNotificationCategoryOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Send a dismiss response (``UNNotificationDismissActionIdentifier``) when the user closes one.
    public static let customDismissAction = UNNotificationCategoryOptions(rawValue: 1 << 0)
    /// Allowed in CarPlay (kept for source compatibility; no effect here).
    public static let allowInCarPlay = UNNotificationCategoryOptions(rawValue: 1 << 1)
    /// Show the title even when previews are hidden.
    public static let hiddenPreviewsShowTitle = UNNotificationCategoryOptions(rawValue: 1 << 2)
    /// Show the subtitle even when previews are hidden.
    public static let hiddenPreviewsShowSubtitle = UNNotificationCategoryOptions(rawValue: 1 << 3)
    /// May be read aloud (kept for source compatibility; no effect here).
    public static let allowAnnouncement = UNNotificationCategoryOptions(rawValue: 1 << 4)

    /// Pairs of these options and the model's, for the mapping both ways.
    private static let pairs: [(UNNotificationCategoryOptions, NotificationCategory.Options)] = [
        (.customDismissAction, .customDismissAction), (.allowInCarPlay, .allowInCarPlay),
        (.hiddenPreviewsShowTitle, .hiddenPreviewsShowTitle), (.hiddenPreviewsShowSubtitle, .hiddenPreviewsShowSubtitle),
        (.allowAnnouncement, .allowAnnouncement),
    ]

    /// The options the model uses for these.
    var model: NotificationCategory.Options {
        Self.pairs.reduce(into: []) { result, pair in if contains(pair.0) { result.insert(pair.1) } }
    }

    /// The options a model category has.
    init(_ model: NotificationCategory.Options) {
        self = Self.pairs.reduce(into: []) { result, pair in if model.contains(pair.1) { result.insert(pair.0) } }
    }
}
