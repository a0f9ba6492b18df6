/// What happens to a notification once its content extension has handled the user's action
/// (the answer of ``UNNotificationContentExtension``'s `didReceive`).
public enum UNNotificationContentExtensionResponseOption: UInt, Sendable {
    /// It stays on screen, so the user can choose again (for example the other button the
    /// extension swapped in); usernoted shows it again if the server closed it on the click.
    case doNotDismiss = 0
    /// It is closed.
    case dismiss = 1
    /// It is closed, and the response — with the action the user chose — goes on to the
    /// app's delegate (`userNotificationCenter(_:didReceive:withCompletionHandler:)`).
    case dismissAndForwardAction = 2

    /// The disposition the app answers usernoted's `Handler1.DidReceive` with: `keep` or
    /// `dismiss` (the forwarded response is handed to the delegate in the app, before the answer).
    var disposition: String {
        switch self {
        case .doNotDismiss: "keep"
        case .dismiss, .dismissAndForwardAction: "dismiss"
        }
    }
}
