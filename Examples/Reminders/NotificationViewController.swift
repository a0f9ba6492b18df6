import UserNotifications

/// The tutorial's content extension, without its labels (there is no custom notification
/// interface here: the notification's body shows the status). "Complete" marks the reminder
/// done, "Pending" marks it not done; either way the notification stays on screen, now with
/// the other button.
final class NotificationViewController: UNNotificationContentExtension {
    let store: ReminderStore

    init(store: ReminderStore) { self.store = store }

    func didReceive(_ response: UNNotificationResponse) async -> UNNotificationContentExtensionResponseOption {
        guard let reminder = extractReminderFromResponse(response) else {
            return .dismissAndForwardAction
        }
        if response.actionIdentifier == "complete-reminder" {
            return await setCompleted(true, forReminder: reminder)
        } else {
            return await setCompleted(false, forReminder: reminder)
        }
    }

    func setCompleted(_ completed: Bool, forReminder reminder: Reminder) async -> UNNotificationContentExtensionResponseOption {
        var reminder = reminder
        reminder.isCompleted = completed
        do {
            try store.save(reminder)
        } catch {
            print("Cannot save “\(reminder.title)”: \(error)")
            return .dismissAndForwardAction
        }
        print("“\(reminder.title)” is \(reminder.isCompleted ? "done" : "pending")")
        await setNotificationForReminder(reminder)
        return .doNotDismiss
    }

    /// Shows the button for the reminder's status: the same request again, with the other
    /// category, replaces the notification on screen in place.
    func setNotificationForReminder(_ reminder: Reminder) async {
        do {
            try await UNUserNotificationCenter.current().add(notificationRequest(for: reminder, trigger: nil))
        } catch {
            print("Cannot update the notification of “\(reminder.title)”: \(error)")
        }
    }

    func extractReminderFromResponse(_ response: UNNotificationResponse) -> Reminder? {
        let userInfo = response.notification.request.content.userInfo
        guard let identifier = userInfo["reminder-uuid"] as? String else {
            return nil
        }
        return try? store.reminder(withIdentifier: identifier)
    }
}
