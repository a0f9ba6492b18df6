import UserNotificationsCore

/// The action identifier of a click on the notification's body (usernoted's `default`).
public let UNNotificationDefaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"

/// The action identifier of a dismissal (usernoted's `dismiss`), sent only for categories with
/// ``UNNotificationCategoryOptions/customDismissAction``.
public let UNNotificationDismissActionIdentifier = "com.apple.UNNotificationDismissActionIdentifier"

/// Apple's action identifiers for usernoted's reserved ones.
enum ActionIdentifierMapping {
    /// The identifier the app sees for usernoted's `actionIdentifier`.
    static func app(_ daemon: String) -> String {
        switch daemon {
        case NotificationResponse.defaultActionIdentifier: UNNotificationDefaultActionIdentifier
        case NotificationResponse.dismissActionIdentifier: UNNotificationDismissActionIdentifier
        default: daemon
        }
    }
}
