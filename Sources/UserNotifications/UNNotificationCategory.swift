import UserNotificationsCore

/// A type of notification and its buttons, registered with
/// ``UNUserNotificationCenter/setNotificationCategories(_:)``.
public struct UNNotificationCategory: Sendable, Hashable {
    /// The category in the daemon's model.
    let model: NotificationCategory
    /// The summary of grouped notifications, e.g. `%u new messages` (kept here only, not sent).
    public private(set) var categorySummaryFormat = ""

    /// Creates a category; `identifier` is what content names as `categoryIdentifier`.
    public init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        options: UNNotificationCategoryOptions = []
    ) {
        self.init(identifier: identifier, actions: actions, intentIdentifiers: intentIdentifiers,
                  hiddenPreviewsBodyPlaceholder: "", options: options)
    }

    /// Creates a category with the text shown instead of the body while previews are hidden
    /// (`""` for the daemon's default).
    public init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        hiddenPreviewsBodyPlaceholder: String, options: UNNotificationCategoryOptions = []
    ) {
        model = NotificationCategory(
            identifier: identifier, actions: actions.map(\.model), intentIdentifiers: intentIdentifiers,
            hiddenPreviewsBodyPlaceholder: hiddenPreviewsBodyPlaceholder.isEmpty ? nil : hiddenPreviewsBodyPlaceholder,
            options: options.model)
    }

    /// Creates a category; the summary format is kept for source compatibility and not sent.
    public init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        hiddenPreviewsBodyPlaceholder: String?, categorySummaryFormat: String?,
        options: UNNotificationCategoryOptions = []
    ) {
        self.init(identifier: identifier, actions: actions, intentIdentifiers: intentIdentifiers,
                  hiddenPreviewsBodyPlaceholder: hiddenPreviewsBodyPlaceholder ?? "", options: options)
        self.categorySummaryFormat = categorySummaryFormat ?? ""
    }

    /// Wraps a model category.
    init(_ model: NotificationCategory) { self.model = model }

    /// Names the category.
    public var identifier: String { model.identifier }
    /// The buttons, in declared order.
    public var actions: [UNNotificationAction] { model.actions.map(UNNotificationAction.from) }
    /// Siri intent identifiers (kept for source compatibility).
    public var intentIdentifiers: [String] { model.intentIdentifiers }
    /// Shown instead of the body while previews are hidden; `""` for the daemon's default.
    public var hiddenPreviewsBodyPlaceholder: String { model.hiddenPreviewsBodyPlaceholder ?? "" }
    /// Category options.
    public var options: UNNotificationCategoryOptions { UNNotificationCategoryOptions(model.options) }
}
