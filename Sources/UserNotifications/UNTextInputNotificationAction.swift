import UserNotificationsCore

/// An action that asks for text: an inline reply where the server offers one.
///
/// `@unchecked Sendable` as its superclass (restated, as Swift asks); it has nothing to change.
public class UNTextInputNotificationAction: UNNotificationAction, @unchecked Sendable {
    /// Creates a text-input action.
    public convenience init(
        identifier: String, title: String, options: UNNotificationActionOptions = [],
        textInputButtonTitle: String, textInputPlaceholder: String
    ) {
        self.init(identifier: identifier, title: title, options: options, icon: nil,
                  textInputButtonTitle: textInputButtonTitle, textInputPlaceholder: textInputPlaceholder)
    }

    /// Creates a text-input action with an icon (see ``UNNotificationActionIcon``).
    public convenience init(
        identifier: String, title: String, options: UNNotificationActionOptions = [], icon: UNNotificationActionIcon?,
        textInputButtonTitle: String, textInputPlaceholder: String
    ) {
        self.init(model: .textInput(
            identifier: identifier, title: title, options: options.model,
            textInputButtonTitle: textInputButtonTitle, textInputPlaceholder: textInputPlaceholder,
            icon: icon?.freedesktopName), icon: icon)
    }

    /// The send button's label.
    public var textInputButtonTitle: String { model.textInput?.buttonTitle ?? "" }
    /// The hint in the empty field.
    public var textInputPlaceholder: String { model.textInput?.placeholder ?? "" }
}
