import Synchronization
import UserNotificationsCore

/// What a notification shows and carries; ``UNMutableNotificationContent`` is the kind an app fills in.
///
/// An `NSObject` subclass, as on Apple platforms: `copy()` gives immutable content,
/// `mutableCopy()` a ``UNMutableNotificationContent``, and equal contents are `isEqual`.
///
/// `@unchecked Sendable` (Apple's is not marked `Sendable`; docs/swift.md says why this one is):
/// a class that has subclasses cannot be checked by the compiler, and every field is behind
/// ``fields``, a `Mutex`, so the mutable subclass is safe to share too.
public class UNNotificationContent: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    /// Every field, guarded.
    let fields: Mutex<ContentFields>

    /// Empty content.
    public override init() {
        fields = Mutex(ContentFields())
        super.init()
    }

    /// Content with these fields.
    init(fields: ContentFields) {
        self.fields = Mutex(fields)
        super.init()
    }

    /// Wraps model content.
    convenience init(_ model: NotificationContent) { self.init(fields: ContentFields(model: model)) }

    /// The fields as they are now.
    var snapshot: ContentFields { fields.withLock { $0 } }
    /// The content in the daemon's model.
    var model: NotificationContent { snapshot.model }

    /// The headline.
    public var title: String { snapshot.model.title }
    /// A second line under the title.
    public var subtitle: String { snapshot.model.subtitle }
    /// The message text.
    public var body: String { snapshot.model.body }
    /// The app badge count to set when shown; nil leaves it.
    public var badge: NSNumber? { snapshot.model.badge.map { NSNumber(value: $0) } }
    /// The sound to play; nil for silence.
    public var sound: UNNotificationSound? { snapshot.model.sound.map(UNNotificationSound.init(modelName:)) }
    /// App data, returned in every response: String, Int, Double, Bool, NSNull, arrays and dictionaries.
    public var userInfo: [AnyHashable: Any] { UserInfoConversion.objects(from: snapshot.model.userInfo) }
    /// The category whose actions the notification shows; `""` for none.
    public var categoryIdentifier: String { snapshot.model.categoryIdentifier }
    /// Groups related notifications.
    public var threadIdentifier: String { snapshot.model.threadIdentifier }
    /// How urgently to interrupt.
    public var interruptionLevel: UNNotificationInterruptionLevel { UNNotificationInterruptionLevel(snapshot.model.interruptionLevel) }
    /// Which app window or content the notification is about.
    public var targetContentIdentifier: String? { snapshot.model.targetContentIdentifier }
    /// Files shown with the notification (kept here only; see ``UNNotificationAttachment``).
    public var attachments: [UNNotificationAttachment] { snapshot.attachments }
    /// How the system ranks the notification in a summary (kept here only, not sent).
    public var relevanceScore: Double { snapshot.relevanceScore }
    /// The launch image name (kept for source compatibility, not sent).
    public var launchImageName: String { snapshot.launchImageName }
    /// Who or what it is about, in the summary of its thread's stack ("Anna: 3 more messages").
    public var summaryArgument: String { snapshot.summaryArgument }
    /// How many items it stands for in that summary (1 unless set).
    public var summaryArgumentCount: Int { snapshot.summaryArgumentCount }
    /// The Focus filter it belongs to (kept for source compatibility, not sent).
    public var filterCriteria: String? { snapshot.filterCriteria }

    /// Immutable content with the same fields.
    public func copy(with zone: NSZone? = nil) -> Any { UNNotificationContent(fields: snapshot) }

    /// A ``UNMutableNotificationContent`` with the same fields.
    public func mutableCopy(with zone: NSZone? = nil) -> Any { UNMutableNotificationContent(fields: snapshot) }

    /// Whether `object` is content with the same fields.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationContent else { return false }
        return snapshot == other.snapshot
    }

    public override var hash: Int { snapshot.hashValue }

    /// Content updated from a communication provider (Apple's `INSendMessageIntent`); the Linux
    /// desktop has no Intents, so every provider is refused with `contentProvidingObjectNotAllowed`.
    public func updating(from provider: any UNNotificationContentProviding) throws -> UNNotificationContent {
        throw UNError(.contentProvidingObjectNotAllowed, "\(type(of: provider)) cannot provide notification content on the Linux desktop (there are no Intents)")
    }
}
