import UserNotificationsCore

/// Content an app fills in before making a ``UNNotificationRequest``; a ``UNNotificationContent``.
///
/// `@unchecked Sendable` as its superclass (restated, as Swift asks): every field is set under
/// the superclass's `Mutex`. The request takes an immutable copy, so changing the content later
/// does not change the request.
public class UNMutableNotificationContent: UNNotificationContent, @unchecked Sendable {
    /// Changes the fields under the lock.
    private func change(_ body: (inout ContentFields) -> Void) { fields.withLock { body(&$0) } }

    public override var title: String {
        get { super.title }
        set { change { $0.model.title = newValue } }
    }
    public override var subtitle: String {
        get { super.subtitle }
        set { change { $0.model.subtitle = newValue } }
    }
    public override var body: String {
        get { super.body }
        set { change { $0.model.body = newValue } }
    }
    public override var badge: NSNumber? {
        get { super.badge }
        set { change { $0.model.badge = newValue?.intValue } }
    }
    public override var sound: UNNotificationSound? {
        get { super.sound }
        set { change { $0.model.sound = newValue?.name } }
    }
    /// Values must be JSON-like (String, numbers, Bool, NSNull, arrays, dictionaries); others make `add` fail.
    public override var userInfo: [AnyHashable: Any] {
        get { super.userInfo }
        set { change { $0.setUserInfo(newValue) } }
    }
    public override var categoryIdentifier: String {
        get { super.categoryIdentifier }
        set { change { $0.model.categoryIdentifier = newValue } }
    }
    public override var threadIdentifier: String {
        get { super.threadIdentifier }
        set { change { $0.model.threadIdentifier = newValue } }
    }
    public override var interruptionLevel: UNNotificationInterruptionLevel {
        get { super.interruptionLevel }
        set { change { $0.model.interruptionLevel = newValue.model } }
    }
    public override var targetContentIdentifier: String? {
        get { super.targetContentIdentifier }
        set { change { $0.model.targetContentIdentifier = newValue } }
    }
    public override var attachments: [UNNotificationAttachment] {
        get { super.attachments }
        set { change { $0.attachments = newValue } }
    }
    public override var relevanceScore: Double {
        get { super.relevanceScore }
        set { change { $0.relevanceScore = newValue } }
    }
    public override var launchImageName: String {
        get { super.launchImageName }
        set { change { $0.launchImageName = newValue } }
    }
    public override var summaryArgument: String {
        get { super.summaryArgument }
        set { change { $0.summaryArgument = newValue } }
    }
    public override var summaryArgumentCount: Int {
        get { super.summaryArgumentCount }
        set { change { $0.summaryArgumentCount = newValue } }
    }
    public override var filterCriteria: String? {
        get { super.filterCriteria }
        set { change { $0.filterCriteria = newValue } }
    }
}
