import UserNotificationsCore

/// A type of notification and its buttons, registered with
/// ``UNUserNotificationCenter/setNotificationCategories(_:)``.
///
/// An immutable `NSObject`, as on Apple platforms: `copy()` is itself, equal categories are `isEqual`.
public final class UNNotificationCategory: NSObject, NSCopying, Sendable {
    /// The category in the daemon's model.
    let model: NotificationCategory
    /// The actions as the app made them (with their icons); nil for a category read from usernoted.
    private let madeActions: [UNNotificationAction]?
    /// The text of a stack of this category's notifications in one thread, e.g. `%u new messages`.
    public let categorySummaryFormat: String

    /// Creates a category; `identifier` is what content names as `categoryIdentifier`.
    public convenience init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        options: UNNotificationCategoryOptions = []
    ) {
        self.init(identifier: identifier, actions: actions, intentIdentifiers: intentIdentifiers,
                  hiddenPreviewsBodyPlaceholder: nil, categorySummaryFormat: nil, options: options)
    }

    /// Creates a category with the text shown instead of the body while previews are hidden
    /// (`""` for the daemon's default).
    public convenience init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        hiddenPreviewsBodyPlaceholder: String, options: UNNotificationCategoryOptions = []
    ) {
        self.init(identifier: identifier, actions: actions, intentIdentifiers: intentIdentifiers,
                  hiddenPreviewsBodyPlaceholder: hiddenPreviewsBodyPlaceholder, categorySummaryFormat: nil, options: options)
    }

    /// Creates a category; the summary format is kept for source compatibility and not sent.
    public convenience init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        hiddenPreviewsBodyPlaceholder: String?, categorySummaryFormat: String?,
        options: UNNotificationCategoryOptions = []
    ) {
        self.init(identifier: identifier, actions: actions, minimalActions: [], intentIdentifiers: intentIdentifiers,
                  hiddenPreviewsBodyPlaceholder: hiddenPreviewsBodyPlaceholder, categorySummaryFormat: categorySummaryFormat,
                  options: options)
    }

    /// Creates a category with everything, ``minimalActions`` included.
    init(
        identifier: String, actions: [UNNotificationAction], minimalActions: [UNNotificationAction], intentIdentifiers: [String],
        hiddenPreviewsBodyPlaceholder: String?, categorySummaryFormat: String?, options: UNNotificationCategoryOptions
    ) {
        let placeholder = hiddenPreviewsBodyPlaceholder ?? ""
        model = NotificationCategory(
            identifier: identifier, actions: actions.map(\.model), intentIdentifiers: intentIdentifiers,
            hiddenPreviewsBodyPlaceholder: placeholder.isEmpty ? nil : placeholder,
            categorySummaryFormat: categorySummaryFormat ?? "", options: options.model,
            minimalActions: minimalActions.map(\.identifier))
        madeActions = actions
        self.categorySummaryFormat = categorySummaryFormat ?? ""
        super.init()
    }

    /// Wraps a model category.
    init(_ model: NotificationCategory) {
        self.model = model
        madeActions = nil
        categorySummaryFormat = model.categorySummaryFormat
        super.init()
    }

    /// Names the category.
    public var identifier: String { model.identifier }
    /// The buttons, in declared order.
    public var actions: [UNNotificationAction] { madeActions ?? model.actions.map(UNNotificationAction.from) }
    /// Siri intent identifiers (kept for source compatibility).
    public var intentIdentifiers: [String] { model.intentIdentifiers }
    /// Shown instead of the body while previews are hidden; `""` for the daemon's default.
    public var hiddenPreviewsBodyPlaceholder: String { model.hiddenPreviewsBodyPlaceholder ?? "" }
    /// Category options.
    public var options: UNNotificationCategoryOptions { UNNotificationCategoryOptions(model.options) }

    /// Itself: a category does not change.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// Whether `object` is a category with the same model (its summary format included).
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationCategory else { return false }
        return model == other.model
    }

    public override var hash: Int { model.hashValue }
}

/// usernoted's stand-in for `setActions(_:forContext: .minimal)` of Apple's UI-era API.
extension UNNotificationCategory {
    /// Creates a category whose `minimalActions` (at most 2 of `actions`) are shown instead of all
    /// of them where the notification server shows fewer buttons than the category has.
    public convenience init(
        identifier: String, actions: [UNNotificationAction], minimalActions: [UNNotificationAction],
        intentIdentifiers: [String], options: UNNotificationCategoryOptions = []
    ) {
        self.init(identifier: identifier, actions: actions, minimalActions: minimalActions, intentIdentifiers: intentIdentifiers,
                  hiddenPreviewsBodyPlaceholder: nil, categorySummaryFormat: nil, options: options)
    }

    /// The actions shown where a server has room for few buttons; empty: all of ``actions`` are sent.
    public var minimalActions: [UNNotificationAction] {
        model.minimalActions.compactMap { id in actions.first { $0.identifier == id } }
    }
}
