import UserNotificationsCore

/// An action that asks for text: the same type as ``UNNotificationAction``, made with the
/// text-input initializer, so both kinds mix in one `actions` array as on Apple platforms.
///
/// Check ``UNNotificationAction/isTextInput`` rather than `as? UNTextInputNotificationAction`,
/// which succeeds for every action here.
public typealias UNTextInputNotificationAction = UNNotificationAction

extension UNNotificationAction {
    /// Creates a text-input action: an inline reply where the server offers one.
    public init(
        identifier: String, title: String, options: UNNotificationActionOptions = [],
        textInputButtonTitle: String, textInputPlaceholder: String
    ) {
        self.init(identifier: identifier, title: title, options: options, icon: nil,
                  textInputButtonTitle: textInputButtonTitle, textInputPlaceholder: textInputPlaceholder)
    }

    /// Creates a text-input action with an icon (see ``UNNotificationActionIcon``).
    public init(
        identifier: String, title: String, options: UNNotificationActionOptions = [], icon: UNNotificationActionIcon?,
        textInputButtonTitle: String, textInputPlaceholder: String
    ) {
        self.init(.textInput(
            identifier: identifier, title: title, options: options.model,
            textInputButtonTitle: textInputButtonTitle, textInputPlaceholder: textInputPlaceholder,
            icon: icon?.freedesktopName), icon: icon)
    }
}
