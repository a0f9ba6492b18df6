import UserNotifications

/// What the app does with the user's answers to Anna's messages.
final class ChatDelegate: UNUserNotificationCenterDelegate {
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        let message = response.notification.request.content.userInfo["MESSAGE"] as? Int ?? 0
        switch response.actionIdentifier {
        case "REPLY":
            print("You replied to Anna's message \(message): \((response as? UNTextInputNotificationResponse)?.userText ?? "")")
        case UNNotificationDismissActionIdentifier:
            print("Anna's message \(message) marked read")
        case UNNotificationDefaultActionIdentifier:
            print("Opened the chat with Anna at message \(message)")
        default:
            break
        }
        completionHandler()
    }
}
