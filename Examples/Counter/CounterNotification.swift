import UserNotifications

/// The identifier of the repeating counter notification: adding it again replaces it.
let counterRequestIdentifier = "counter"

/// The original's actions and category, with Apple's current API. `UIUserNotificationAction`'s
/// background activation is an action without `.foreground`.
func registerCounterCategory() {
    // 1. Create the actions
    // increment Action: background, authentication required
    let incrementAction = UNNotificationAction(identifier: "INCREMENT_ACTION",
                                               title: "Add +1",
                                               options: [.authenticationRequired])
    // decrement Action: background, authentication required
    let decrementAction = UNNotificationAction(identifier: "DECREMENT_ACTION",
                                               title: "Sub -1",
                                               options: [.authenticationRequired])
    // reset Action: destructive (the original also brings its app to the foreground; this
    // one has no window to show)
    let resetAction = UNNotificationAction(identifier: "RESET_ACTION",
                                           title: "Reset",
                                           options: [.destructive])

    // 2. Create the category
    let counterCategory = UNNotificationCategory(identifier: "COUNTER_CATEGORY",
                                                 actions: [incrementAction, decrementAction, resetAction],
                                                 intentIdentifiers: [],
                                                 options: [])

    // 3. Notification registration
    UNUserNotificationCenter.current().setNotificationCategories([counterCategory])
}

/// Schedules the counter notification every minute (the original's `repeatInterval` of a
/// minute), showing `value`; it replaces the one scheduled before.
func scheduleCounterNotification(showing value: Int) async throws {
    let content = UNMutableNotificationContent()
    content.title = "Counter"
    content.body = "Hey! Update your counter ;) It is \(value)."
    content.sound = .default
    content.categoryIdentifier = "COUNTER_CATEGORY"
    let trigger = UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: true)
    try await UNUserNotificationCenter.current().add(
        UNNotificationRequest(identifier: counterRequestIdentifier, content: content, trigger: trigger))
}
