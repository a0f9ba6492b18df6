import UserNotifications

/// A delegate with plain (non-`Sendable`) state that tells a click on the body and a dismissal
/// from the app's own actions, comparing Apple's identifier strings.
final class DismissAwareDelegate: NSObject, UNUserNotificationCenterDelegate {
    /// Called with what happened: "opened <id>", "dismissed <id>" or "<action> <id>".
    private let record: @Sendable (String) -> Void
    private var handled = 0

    init(record: @escaping @Sendable (String) -> Void) {
        self.record = record
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        handled += 1
        let id = response.notification.request.identifier
        switch response.actionIdentifier {
        case UNNotificationDefaultActionIdentifier:
            record("opened \(id)")
        case UNNotificationDismissActionIdentifier:
            record("dismissed \(id)")
        default:
            record("\(response.actionIdentifier) \(id)")
        }
    }
}
