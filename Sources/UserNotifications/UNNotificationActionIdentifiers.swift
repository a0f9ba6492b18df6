import UserNotificationsCore

/// The action identifier of a click on the notification's body.
public let UNNotificationDefaultActionIdentifier: String = NotificationResponse.defaultActionIdentifier

/// The action identifier of a dismissal, sent only for categories with ``UNNotificationCategoryOptions/customDismissAction``.
public let UNNotificationDismissActionIdentifier: String = NotificationResponse.dismissActionIdentifier
