/// An object that can provide notification content (Apple's communication intents); nothing
/// on the Linux desktop does (see ``UNNotificationContent/updating(from:)``).
public protocol UNNotificationContentProviding: Sendable {}
