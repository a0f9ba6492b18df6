import TestSupport
import UserNotifications

/// A delegate in the completion-handler style: records responses and holds each
/// completion handler until the test releases it (or calls it twice, if asked).
final class CompletionDelegate: UNUserNotificationCenterDelegate {
    let responses = Inbox<UNNotificationResponse>()
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
            // A test that never releases it has ended when this gives up: completed all the same,
            // so the library's continuation is not dropped unresumed (a runtime warning in CI's log).
            _ = try? await release.next(within: .seconds(30), "release")
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
    let responses = Inbox<UNNotificationResponse>()

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        responses.put(response)
    }
}

/// A content extension in the async style: records each response and answers `option`.
final class RecordingExtension: UNNotificationContentExtension {
    let responses = Inbox<UNNotificationResponse>()
    let option: UNNotificationContentExtensionResponseOption

    init(answering option: UNNotificationContentExtensionResponseOption) { self.option = option }

    func didReceive(_ response: UNNotificationResponse) async -> UNNotificationContentExtensionResponseOption {
        responses.put(response)
        return option
    }
}

/// A content extension written as the reminders tutorial writes one: the completion-handler form.
final class CompletionExtension: UNNotificationContentExtension {
    let responses = Inbox<UNNotificationResponse>()

    func didReceive(_ response: UNNotificationResponse,
                    completionHandler completion: @escaping (UNNotificationContentExtensionResponseOption) -> Void) {
        responses.put(response)
        completion(.doNotDismiss)
    }
}

/// A content extension that implements neither form of `didReceive`.
final class SilentExtension: UNNotificationContentExtension {}
