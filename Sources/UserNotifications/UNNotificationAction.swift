import UserNotificationsCore

/// A button on a notification; with text input it is a ``UNTextInputNotificationAction``.
///
/// A value over the daemon's model: an action is a text-input action exactly when it was
/// made with a text-input initializer (see ``isTextInput``).
public struct UNNotificationAction: Sendable, Hashable {
    /// The action in the daemon's model.
    let model: NotificationAction
    /// The button's icon, as the app gave it.
    public let icon: UNNotificationActionIcon?

    /// Creates a button; `identifier` comes back as the response's `actionIdentifier`.
    public init(identifier: String, title: String, options: UNNotificationActionOptions = []) {
        self.init(identifier: identifier, title: title, options: options, icon: nil)
    }

    /// Creates a button with an icon (shown where the server has `action-icons`; see ``UNNotificationActionIcon``).
    public init(identifier: String, title: String, options: UNNotificationActionOptions = [], icon: UNNotificationActionIcon?) {
        self.init(NotificationAction(identifier: identifier, title: title, options: options.model, icon: icon?.freedesktopName), icon: icon)
    }

    /// Wraps a model action; its icon, a freedesktop name, becomes a template image name.
    init(_ model: NotificationAction) {
        self.init(model, icon: model.icon.map(UNNotificationActionIcon.init(templateImageName:)))
    }

    /// Wraps a model action and the icon it was made with.
    init(_ model: NotificationAction, icon: UNNotificationActionIcon?) {
        self.model = model
        self.icon = icon
    }

    /// Identifies the action in responses.
    public var identifier: String { model.identifier }
    /// The button label.
    public var title: String { model.title }
    /// Foreground, destructive, authentication required.
    public var options: UNNotificationActionOptions { UNNotificationActionOptions(model.options) }
    /// Whether the action asks for text (made as a ``UNTextInputNotificationAction``).
    public var isTextInput: Bool { model.isTextInput }
    /// The send button's label of a text-input action; `""` for a plain button.
    public var textInputButtonTitle: String { model.textInput?.buttonTitle ?? "" }
    /// The empty field's hint of a text-input action; `""` for a plain button.
    public var textInputPlaceholder: String { model.textInput?.placeholder ?? "" }
}
