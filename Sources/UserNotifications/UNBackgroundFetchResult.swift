/// How a background push's fetch went (Apple's `UIBackgroundFetchResult`), as the app tells it
/// in ``UNUserNotificationCenterDelegate/userNotificationCenter(_:didReceiveRemoteNotification:fetchCompletionHandler:)``.
/// usernoted takes each as the push's acknowledgement: it is not delivered again.
public enum UNBackgroundFetchResult: Int, Sendable {
    /// New data was fetched.
    case newData
    /// There was nothing new.
    case noData
    /// The fetch failed.
    case failed
}
