import Synchronization
import UserNotifications

/// The style most apps use: a singleton that asks for permission, registers its categories,
/// schedules with completion handlers, and is the center's delegate.
final class NotificationManager: NSObject, UNUserNotificationCenterDelegate, Sendable {
    static let shared = NotificationManager()

    static let replyCategory = "MESSAGE"
    static let replyAction = "REPLY"
    static let markReadAction = "MARK_READ"

    /// What the user did, as the app records it ("<action> <message id> [text]").
    let answers = Mutex<[String]>([])

    private override init() { super.init() }

    /// Asks for permission, registers the categories and becomes the delegate; `completion` says whether allowed.
    func setUp(completion: @escaping @Sendable (Bool) -> Void) {
        let center = UNUserNotificationCenter.current()
        center.delegate = self
        center.requestAuthorization(options: [.alert, .sound, .badge]) { granted, error in
            if let error { print("notification permission: \(error)") }
            guard granted else { return completion(false) }
            let markRead = UNNotificationAction(identifier: Self.markReadAction, title: "Mark as Read", options: [],
                                                icon: UNNotificationActionIcon(systemImageName: "envelope.open"))
            let reply = UNTextInputNotificationAction(identifier: Self.replyAction, title: "Reply", options: [],
                                                      textInputButtonTitle: "Send", textInputPlaceholder: "Message")
            let category = UNNotificationCategory(identifier: Self.replyCategory, actions: [markRead, reply],
                                                  intentIdentifiers: [], options: [.customDismissAction])
            center.setNotificationCategories([category])
            completion(true)
        }
    }

    /// Shows a message now; `completion` gets nil or the error.
    func notify(messageID: String, from sender: String, text: String, completion: (@Sendable (Error?) -> Void)? = nil) {
        let content = UNMutableNotificationContent()
        content.title = sender
        content.body = text
        content.sound = .default
        content.categoryIdentifier = Self.replyCategory
        content.threadIdentifier = sender
        content.userInfo = ["messageID": messageID]
        let request = UNNotificationRequest(identifier: messageID, content: content, trigger: nil)
        UNUserNotificationCenter.current().add(request, withCompletionHandler: completion)
    }

    /// Shows every message in the foreground too.
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) {
        completionHandler([.banner, .sound, .list])
    }

    /// Records the answer, then acknowledges it.
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        let messageID = response.notification.request.content.userInfo["messageID"] as? String ?? "?"
        var answer = "\(response.actionIdentifier) \(messageID)"
        if let reply = response as? UNTextInputNotificationResponse { answer += " \(reply.userText)" }
        answers.withLock { $0.append(answer) }
        completionHandler()
    }
}
