import TestSupport
import UserNotifications

/// A delegate in the completion-handler style: records responses and holds each
/// completion handler until the test releases it (or calls it twice, if asked).
final class CompletionDelegate: UNUserNotificationCenterDelegate {
    let responses = Inbox<any UNNotificationResponse>()
    let release = Inbox<Void>()
    let completeTwice: Bool
    let presentation: UNNotificationPresentationOptions

    init(completeTwice: Bool = false, presentation: UNNotificationPresentationOptions = .sound) {
        self.completeTwice = completeTwice
        self.presentation = presentation
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        responses.put(response)
        let release = release
        let twice = completeTwice
        Task {
            try await release.next(within: .seconds(30), "release")
            completionHandler()
            if twice { completionHandler() }
        }
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        completionHandler(presentation)
    }
}

/// A delegate in the async style that implements only `didReceive`.
final class AsyncDelegate: UNUserNotificationCenterDelegate {
    let responses = Inbox<any UNNotificationResponse>()

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        responses.put(response)
    }
}
