import UserNotifications

/// The async/await style: a main-actor manager that checks the settings before asking, and
/// schedules and lists reminders with `await`.
@MainActor
final class AsyncNotificationManager {
    private let center = UNUserNotificationCenter.current()

    /// Whether the app may notify, asking only when it was never decided.
    func ensureAuthorized() async -> Bool {
        let settings = await center.notificationSettings()
        switch settings.authorizationStatus {
        case .authorized, .provisional, .ephemeral:
            return true
        case .denied:
            return false
        case .notDetermined:
            return (try? await center.requestAuthorization(options: [.alert, .sound])) ?? false
        @unknown default:
            return false
        }
    }

    /// Schedules a reminder `seconds` from now (replacing one with the same id).
    func scheduleReminder(id: String, title: String, in seconds: TimeInterval) async throws {
        let content = UNMutableNotificationContent()
        content.title = title
        content.body = NSString.localizedUserNotificationString(forKey: "Due in %d minutes", arguments: [Int(seconds / 60)])
        content.interruptionLevel = .timeSensitive
        content.relevanceScore = 0.8
        let trigger = UNTimeIntervalNotificationTrigger(timeInterval: seconds, repeats: false)
        try await center.add(UNNotificationRequest(identifier: id, content: content, trigger: trigger))
    }

    /// The ids of the reminders still to come.
    func pendingReminderIDs() async -> [String] {
        await center.pendingNotificationRequests().map(\.identifier)
    }

    /// Cancels a reminder.
    func cancelReminder(id: String) {
        center.removePendingNotificationRequests(withIdentifiers: [id])
    }
}
