import UserNotificationsCore

/// What ``UNNotificationContent`` holds: the daemon's model of it and what only the app keeps.
struct ContentFields: Sendable, Hashable {
    /// The content as the daemon takes it.
    var model = NotificationContent()
    /// `userInfo` keys whose values are not JSON; ``UNUserNotificationCenter/add(_:)`` refuses them.
    var unconvertibleUserInfoKeys: [String] = []
    /// Files shown with the notification (kept here only; see ``UNNotificationAttachment``).
    var attachments: [UNNotificationAttachment] = []
    /// How the system ranks the notification in a summary (kept here only).
    var relevanceScore: Double = 0
    /// The launch image name (kept here only).
    var launchImageName = ""
    /// The argument of the category's summary format, for its thread's stack.
    var summaryArgument: String {
        get { model.summaryArgument }
        set { model.summaryArgument = newValue }
    }
    /// How many items the notification stands for in its thread's stack (at least 1, as on Apple platforms).
    var summaryArgumentCount: Int {
        get { model.summaryArgumentCount }
        set { model.summaryArgumentCount = max(newValue, 1) }
    }
    /// Which Focus filter the notification belongs to (kept here only).
    var filterCriteria: String?

    /// `userInfo` as the app wrote it, stored as JSON; keys without a JSON form are remembered.
    mutating func setUserInfo(_ userInfo: [AnyHashable: Any]) {
        (model.userInfo, unconvertibleUserInfoKeys) = UserInfoConversion.json(from: userInfo)
    }
}
