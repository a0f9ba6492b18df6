// Chat: Anna writes, and her messages are one thread. Past three on screen, the older ones
// stack into one notification, "Anna: 3 more messages", whose Show all brings them back.
//
//   swift run Chat --receive 5   Anna sends 5 messages; then replies, opens and closes are handled
//   swift run Chat               handle what the user did while the app was not running
import Foundation
import UserNotifications

let notificationCenter = UNUserNotificationCenter.current()

// The message category: a reply in place, the stack's text, and a response when the user
// closes a message (the app marks it read; closing the stack closes each of its messages).
let reply = UNTextInputNotificationAction(
    identifier: "REPLY", title: "Reply", options: [], textInputButtonTitle: "Send", textInputPlaceholder: "Message")
notificationCenter.setNotificationCategories([UNNotificationCategory(
    identifier: "MESSAGE", actions: [reply], intentIdentifiers: [], hiddenPreviewsBodyPlaceholder: "New message",
    categorySummaryFormat: "%u more messages", options: .customDismissAction)])
let appDelegate = ChatDelegate()
notificationCenter.delegate = appDelegate

let anna = ["Are you coming tonight?", "We start at eight", "Bring the salad!", "Ben is late again", "Where are you?"]
if let at = CommandLine.arguments.firstIndex(of: "--receive"), let count = Int(CommandLine.arguments.dropFirst(at + 1).first ?? "") {
    for number in 1...count {
        let content = UNMutableNotificationContent()
        content.title = "Anna"
        content.body = anna[(number - 1) % anna.count]
        content.categoryIdentifier = "MESSAGE"
        content.threadIdentifier = "chat-anna"  // one thread: Anna's messages stack together
        content.summaryArgument = "Anna"        // … as "Anna: N more messages"
        content.userInfo = ["MESSAGE": number]
        try await add(UNNotificationRequest(identifier: "anna-\(number)", content: content, trigger: nil))
    }
    print("Anna sent \(count) messages")
}

print("Chat is running: reply to, open or close Anna's messages (Ctrl-C quits)")
while true { try await Task.sleep(for: .seconds(3600)) }

/// Adds `request` and waits for usernoted's answer (a function: in top-level code Swift picks
/// the completion-handler form of `add` for `try await notificationCenter.add(…)`).
func add(_ request: UNNotificationRequest) async throws { try await notificationCenter.add(request) }
