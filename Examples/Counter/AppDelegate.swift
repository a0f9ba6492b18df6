import UserNotifications

/// Handles the counter's actions (the original's
/// `application(_:handleActionWithIdentifier:forLocalNotification:completionHandler:)`).
final class AppDelegate: UNUserNotificationCenterDelegate {
    let counter: Counter

    init(counter: Counter) { self.counter = counter }

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        // Handle notification action
        guard response.notification.request.content.categoryIdentifier == "COUNTER_CATEGORY" else { return }
        switch response.actionIdentifier {
        case "INCREMENT_ACTION":
            counter.currentTotal += 1
        case "DECREMENT_ACTION":
            counter.currentTotal -= 1
        case "RESET_ACTION":
            counter.currentTotal = 0
        default:
            return
        }
        print("Counter is \(counter.currentTotal)")
        // The next notification shows the new value. (Returning acknowledges the action,
        // as calling the original's completion handler does.)
        do {
            try await scheduleCounterNotification(showing: counter.currentTotal)
        } catch {
            print("Cannot schedule the counter notification: \(error)")
        }
    }
}
