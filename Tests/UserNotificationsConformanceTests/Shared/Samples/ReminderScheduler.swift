import Dispatch
import UserNotifications

/// The style of scheduling helpers in reminder and habit apps: calendar triggers from a date,
/// attachments and named sounds, pending requests read with a completion handler on the main
/// queue, availability checks, and errors caught by Apple's codes.
enum ReminderScheduler {
    /// Schedules a daily reminder at the hour and minute of `date`; `completion` gets the error, if any.
    static func scheduleDaily(id: String, title: String, at date: Date, image: URL?, badge: Int,
                              completion: @escaping @Sendable (Error?) -> Void) {
        let content = UNMutableNotificationContent()
        content.title = title
        content.body = NSString.localizedUserNotificationString(forKey: "Time for %@", arguments: [title])
        content.sound = UNNotificationSound(named: UNNotificationSoundName(rawValue: "bell.caf"))
        content.badge = NSNumber(value: badge + 1)
        content.userInfo = ["reminderID": id, "scheduledAt": date.timeIntervalSince1970]
        if #available(iOS 15.0, macOS 12.0, *) {
            content.interruptionLevel = .timeSensitive
            content.relevanceScore = 1
        }
        if let image, let attachment = try? UNNotificationAttachment(identifier: "image", url: image, options: nil) {
            content.attachments = [attachment]
        }
        let components = Calendar.current.dateComponents([.hour, .minute], from: date)
        let trigger = UNCalendarNotificationTrigger(dateMatching: components, repeats: true)
        let request = UNNotificationRequest(identifier: id, content: content, trigger: trigger)
        UNUserNotificationCenter.current().add(request) { error in
            if let error = error as? UNError, error.code == .notificationsNotAllowed {
                print("reminders are turned off for this app")
            }
            completion(error)
        }
    }

    /// The ids of the pending reminders, on the main queue.
    static func pendingIDs(completion: @escaping @Sendable ([String]) -> Void) {
        UNUserNotificationCenter.current().getPendingNotificationRequests { requests in
            let ids = requests
                .filter { $0.trigger is UNCalendarNotificationTrigger }
                .sorted { ($0.trigger as? UNCalendarNotificationTrigger)?.nextTriggerDate() ?? .distantFuture
                    < ($1.trigger as? UNCalendarNotificationTrigger)?.nextTriggerDate() ?? .distantFuture }
                .map(\.identifier)
            DispatchQueue.main.async { completion(ids) }
        }
    }

    /// Removes a reminder, pending and shown.
    static func cancel(id: String) {
        let center = UNUserNotificationCenter.current()
        center.removePendingNotificationRequests(withIdentifiers: [id])
        center.removeDeliveredNotifications(withIdentifiers: [id])
    }
}
