import UserNotifications

/// The two kinds of reminder notification: a pending reminder offers "Complete", a completed
/// one "Pending". (The tutorial swaps the action inside its extension with
/// `extensionContext?.notificationActions`; here each set of buttons is a category.)
func registerReminderCategories() {
    let complete = UNNotificationAction(identifier: "complete-reminder", title: "Complete", options: [])
    let pending = UNNotificationAction(identifier: "pending-reminder", title: "Pending", options: [])
    UNUserNotificationCenter.current().setNotificationCategories([
        UNNotificationCategory(identifier: "reminder", actions: [complete], intentIdentifiers: [], options: []),
        UNNotificationCategory(identifier: "reminder-completed", actions: [pending], intentIdentifiers: [], options: []),
    ])
}

/// The notification of `reminder`: its title, when it is due and its status (what the
/// tutorial's extension shows in its labels), with the button that changes the status. It is
/// named after the reminder, so adding it again replaces the one on screen in place.
func notificationRequest(for reminder: Reminder, trigger: UNNotificationTrigger?) -> UNNotificationRequest {
    let content = UNMutableNotificationContent()
    content.title = reminder.title
    content.body = "Due \(reminder.dueDate.formatted(date: .omitted, time: .shortened)) · \(reminder.isCompleted ? "Done" : "Pending")"
    content.categoryIdentifier = reminder.isCompleted ? "reminder-completed" : "reminder"
    content.userInfo = ["reminder-uuid": reminder.identifier]
    return UNNotificationRequest(identifier: reminder.identifier, content: content, trigger: trigger)
}
