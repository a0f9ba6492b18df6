import UserNotificationsCore

/// A button on a notification; ``UNTextInputNotificationAction``, its subclass, asks for text.
///
/// An immutable `NSObject`, as on Apple platforms (`copy()` is itself; equal actions are
/// `isEqual`). `@unchecked Sendable` (Apple's is not marked `Sendable`;
/// docs/swift.md says why this one is): a class that has a subclass cannot be checked by the
/// compiler, and neither class has anything to change.
public class UNNotificationAction: NSObject, NSCopying, @unchecked Sendable {
    /// The action in the daemon's model.
    let model: NotificationAction
    /// The button's icon, as the app gave it.
    public let icon: UNNotificationActionIcon?

    /// An action over a model action and the icon it was made with.
    init(model: NotificationAction, icon: UNNotificationActionIcon?) {
        self.model = model
        self.icon = icon
        super.init()
    }

    /// Creates a button; `identifier` comes back as the response's `actionIdentifier`.
    public convenience init(identifier: String, title: String, options: UNNotificationActionOptions = []) {
        self.init(identifier: identifier, title: title, options: options, icon: nil)
    }

    /// Creates a button with an icon (shown where the server has `action-icons`; see ``UNNotificationActionIcon``).
    public convenience init(identifier: String, title: String, options: UNNotificationActionOptions = [], icon: UNNotificationActionIcon?) {
        self.init(model: NotificationAction(identifier: identifier, title: title, options: options.model, icon: icon?.freedesktopName),
                  icon: icon)
    }

    /// The action a model action describes: a ``UNTextInputNotificationAction`` when it asks for
    /// text; its icon, a freedesktop name, becomes a template image name.
    static func from(_ model: NotificationAction) -> UNNotificationAction {
        let icon = model.icon.map(UNNotificationActionIcon.init(templateImageName:))
        return model.isTextInput ? UNTextInputNotificationAction(model: model, icon: icon) : UNNotificationAction(model: model, icon: icon)
    }

    /// Identifies the action in responses.
    public var identifier: String { model.identifier }
    /// The button label.
    public var title: String { model.title }
    /// Foreground, destructive, authentication required.
    public var options: UNNotificationActionOptions { UNNotificationActionOptions(model.options) }
    /// Whether the action asks for text (Linux only; on both platforms `is UNTextInputNotificationAction` says so).
    public var isTextInput: Bool { model.isTextInput }

    /// Itself: an action does not change.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// Whether `object` is an action with the same identifier, title, options, text input and icon.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationAction else { return false }
        return model == other.model && icon == other.icon
    }

    public override var hash: Int { model.hashValue }
}
