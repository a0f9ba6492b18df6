import Observation
import UserNotifications

/// The SwiftUI style of 2025–2026: an `@Observable` main-actor model that asks, schedules with
/// `async`, lists what is pending, and is the center's delegate through `nonisolated` methods
/// that hand what they learn to the main actor. The center comes in through a protocol, so
/// tests can give it a fake.
@MainActor
@Observable
final class ObservableNotificationModel {
    private let center: any AsyncNotificationCenter
    private(set) var authorized = false
    private(set) var pendingIDs: [String] = []
    private(set) var lastOpened: String?

    init(center: any AsyncNotificationCenter = UNUserNotificationCenter.current()) {
        self.center = center
    }

    /// Asks for permission and reads what is pending.
    func start() async {
        authorized = (try? await center.requestAuthorization(options: [.alert, .sound, .badge])) ?? false
        pendingIDs = await center.pendingNotificationRequests().map(\.identifier)
    }

    /// Schedules a reminder and shows it in the list.
    func remind(_ title: String, in seconds: TimeInterval) async throws {
        let content = UNMutableNotificationContent()
        content.title = title
        let request = UNNotificationRequest(
            identifier: title, content: content,
            trigger: UNTimeIntervalNotificationTrigger(timeInterval: seconds, repeats: false))
        try await center.add(request)
        pendingIDs.append(request.identifier)
    }

    /// Records the notification the user opened.
    func opened(_ identifier: String) { lastOpened = identifier }
}

extension ObservableNotificationModel: UNUserNotificationCenterDelegate {
    nonisolated func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse
    ) async {
        let identifier = response.notification.request.identifier
        await opened(identifier)
    }

    nonisolated func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        completionHandler([.banner, .list])
    }
}
