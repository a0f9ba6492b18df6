/// Content an app fills in before making a ``UNNotificationRequest``.
///
/// A class, as on Apple platforms (`let content = …; content.title = …`); it is not
/// `Sendable`: the request takes a ``UNNotificationContent`` snapshot of it.
public final class UNMutableNotificationContent {
    /// The headline.
    public var title: String = ""
    /// A second line under the title.
    public var subtitle: String = ""
    /// The message text.
    public var body: String = ""
    /// The app badge count to set when shown; nil leaves it.
    public var badge: NSNumber?
    /// The sound to play; nil for silence.
    public var sound: UNNotificationSound?
    /// App data, returned in every response; values must be JSON-like (String, numbers, Bool, NSNull, arrays, dictionaries).
    public var userInfo: [AnyHashable: Any] = [:]
    /// The category whose actions the notification shows.
    public var categoryIdentifier: String = ""
    /// Groups related notifications.
    public var threadIdentifier: String = ""
    /// Files shown with the notification (kept on the client only).
    public var attachments: [UNNotificationAttachment] = []
    /// How urgently to interrupt.
    public var interruptionLevel: UNNotificationInterruptionLevel = .active
    /// Ranking in a summary (kept on the client only).
    public var relevanceScore: Double = 0
    /// Which app window or content the notification is about.
    public var targetContentIdentifier: String?
    /// The launch image name (kept for source compatibility).
    public var launchImageName: String = ""

    /// Empty content.
    public init() {}

    /// A mutable copy of `content`.
    public init(_ content: UNNotificationContent) {
        title = content.title
        subtitle = content.subtitle
        body = content.body
        badge = content.badge
        sound = content.sound
        userInfo = content.userInfo
        categoryIdentifier = content.categoryIdentifier
        threadIdentifier = content.threadIdentifier
        attachments = content.attachments
        interruptionLevel = content.interruptionLevel
        relevanceScore = content.relevanceScore
        targetContentIdentifier = content.targetContentIdentifier
        launchImageName = content.launchImageName
    }
}
