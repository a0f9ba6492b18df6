import UserNotifications

/// The app's delegate: it gets what the extension does not handle, a click on the body and
/// the actions the extension passes on.
final class AppDelegate: UNUserNotificationCenterDelegate {
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        print("Open “\(response.notification.request.content.title)” (\(response.actionIdentifier))")
    }
}
