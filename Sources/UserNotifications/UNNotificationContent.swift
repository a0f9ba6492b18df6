import UserNotificationsCore

/// What a notification shows and carries; a snapshot of a ``UNMutableNotificationContent``.
public struct UNNotificationContent: Sendable, Hashable {
    /// The content in the daemon's model.
    var model: NotificationContent
    /// `userInfo` keys whose values are not JSON; ``UNUserNotificationCenter/add(_:)`` refuses them.
    var unconvertibleUserInfoKeys: [String] = []

    /// Files shown with the notification (kept here only; see ``UNNotificationAttachment``).
    public internal(set) var attachments: [UNNotificationAttachment] = []
    /// How the system ranks the notification in a summary (kept here only, not sent).
    public internal(set) var relevanceScore: Double = 0
    /// The launch image name (kept for source compatibility, not sent).
    public internal(set) var launchImageName: String = ""

    /// Empty content.
    public init() { model = NotificationContent() }

    /// Wraps model content.
    init(_ model: NotificationContent) { self.model = model }

    /// A snapshot of mutable content, as `UNNotificationRequest` takes it.
    public init(_ content: UNMutableNotificationContent) {
        let (userInfo, unconvertible) = UserInfoConversion.json(from: content.userInfo)
        model = NotificationContent(
            title: content.title, subtitle: content.subtitle, body: content.body, userInfo: userInfo,
            categoryIdentifier: content.categoryIdentifier, threadIdentifier: content.threadIdentifier,
            sound: content.sound?.name, interruptionLevel: content.interruptionLevel.model,
            badge: content.badge?.intValue, targetContentIdentifier: content.targetContentIdentifier)
        unconvertibleUserInfoKeys = unconvertible
        attachments = content.attachments
        relevanceScore = content.relevanceScore
        launchImageName = content.launchImageName
    }

    /// The headline.
    public var title: String { model.title }
    /// A second line under the title.
    public var subtitle: String { model.subtitle }
    /// The message text.
    public var body: String { model.body }
    /// The app badge count to set when shown; nil leaves it.
    public var badge: NSNumber? { model.badge.map { NSNumber(value: $0) } }
    /// The sound to play; nil for silence.
    public var sound: UNNotificationSound? { model.sound.map(UNNotificationSound.init(modelName:)) }
    /// App data, returned in every response: String, Int, Double, Bool, NSNull, arrays and dictionaries.
    public var userInfo: [AnyHashable: Any] { UserInfoConversion.objects(from: model.userInfo) }
    /// The category whose actions the notification shows; `""` for none.
    public var categoryIdentifier: String { model.categoryIdentifier }
    /// Groups related notifications.
    public var threadIdentifier: String { model.threadIdentifier }
    /// How urgently to interrupt.
    public var interruptionLevel: UNNotificationInterruptionLevel { UNNotificationInterruptionLevel(model.interruptionLevel) }
    /// Which app window or content the notification is about.
    public var targetContentIdentifier: String? { model.targetContentIdentifier }

    /// A mutable copy, as service-extension code makes with `mutableCopy() as? UNMutableNotificationContent`.
    public func mutableCopy() -> Any { UNMutableNotificationContent(self) }
}
