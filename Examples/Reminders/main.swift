// Reminders: the reminders app of the content-extension chapter ("Complete" marks a reminder
// done and the notification stays, now offering "Pending") on the Linux desktop.
//
//   swift run Reminders add "Buy milk" [--in SECONDS]   save a reminder; its notification comes then (or now)
//   swift run Reminders list                           the reminders and whether they are done
//   swift run Reminders                                run: handle Complete and Pending (Ctrl-C quits)
import Foundation
import UserNotifications

let store = try ReminderStore(directory: appStateDirectory(named: "Reminders"))
let notificationCenter = UNUserNotificationCenter.current()
let arguments = Array(CommandLine.arguments.dropFirst())

switch arguments.first {
case "add" where arguments.count >= 2:
    registerReminderCategories()
    let delay = arguments.firstIndex(of: "--in").flatMap { arguments.dropFirst($0 + 1).first }.flatMap(Double.init) ?? 0
    let reminder = Reminder(identifier: UUID().uuidString.lowercased(), title: arguments[1],
                            dueDate: Date().addingTimeInterval(delay), isCompleted: false)
    try store.save(reminder)
    let trigger = delay > 0 ? UNTimeIntervalNotificationTrigger(timeInterval: delay, repeats: false) : nil
    try await addAndWait(notificationRequest(for: reminder, trigger: trigger))
    print("Added “\(reminder.title)”, due \(reminder.dueDate.formatted(date: .omitted, time: .standard))")

case "list":
    for reminder in try store.all() {
        print("[\(reminder.isCompleted ? "x" : " ")] \(reminder.title)  (due \(reminder.dueDate.formatted(date: .abbreviated, time: .standard)))")
    }

case nil:
    registerReminderCategories()
    let appDelegate = AppDelegate()
    notificationCenter.delegate = appDelegate
    // On Apple platforms the extension's Info.plist names its category; here the app says it.
    notificationCenter.setContentExtension(NotificationViewController(store: store),
                                           forCategories: ["reminder", "reminder-completed"])
    print("Reminders is running: choose Complete or Pending on a reminder (Ctrl-C quits)")
    while true { try await Task.sleep(for: .seconds(3600)) }

default:
    print("usage: Reminders add TITLE [--in SECONDS] | Reminders list | Reminders")
    exit(64)
}

/// Adds `request` and waits for usernoted's answer. A function, because in top-level code Swift
/// picks the completion-handler form of `add` for `try await notificationCenter.add(…)`.
func addAndWait(_ request: UNNotificationRequest) async throws { try await notificationCenter.add(request) }
