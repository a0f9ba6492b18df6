import Dispatch
import UserNotifications

/// The Swift 6 app-delegate style: a main-actor class whose delegate methods are `nonisolated`
/// (as the center calls them from its own task, Apple's from its own queue), handing what
/// it needs to the main actor; settings and permission read with completion handlers that hop
/// to the main queue.
@MainActor
final class MainActorAppDelegate: NSObject, UNUserNotificationCenterDelegate {
    static let shared = MainActorAppDelegate()

    /// Shown in the app's window: the last notification opened.
    private(set) var lastOpened: String?
    /// Whether the app may show banners, as its settings screen says.
    private(set) var bannersAllowed = false

    /// Becomes the delegate and reads the settings, as `applicationDidFinishLaunching` does.
    func applicationDidFinishLaunching() {
        let center = UNUserNotificationCenter.current()
        center.delegate = self
        center.getNotificationSettings { settings in
            let allowed = settings.authorizationStatus == .authorized && settings.alertSetting == .enabled
            DispatchQueue.main.async { MainActorAppDelegate.shared.bannersAllowed = allowed }
        }
        center.setBadgeCount(0)
    }

    nonisolated func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions {
        [.banner, .list, .sound]
    }

    nonisolated func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        let identifier = response.notification.request.identifier
        Task { @MainActor in
            MainActorAppDelegate.shared.lastOpened = identifier
            completionHandler()
        }
    }
}
