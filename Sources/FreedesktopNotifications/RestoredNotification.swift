import UserNotificationsCore

/// A notification a previous run showed, for ``NotificationBridge/restore(_:)``.
public struct RestoredNotification: Sendable {
    public var appID: AppID
    public var request: NotificationRequest
    public var category: NotificationCategory?
    /// The server id the previous run recorded for it (a stacked one: its stack's).
    public var serverID: UInt32?
    /// Its app's `showPreviews`.
    public var showPreviews: AppSettings.ShowPreviews

    public init(
        appID: AppID, request: NotificationRequest, category: NotificationCategory?, serverID: UInt32?,
        showPreviews: AppSettings.ShowPreviews = .whenUnlocked
    ) {
        self.appID = appID
        self.request = request
        self.category = category
        self.serverID = serverID
        self.showPreviews = showPreviews
    }
}
