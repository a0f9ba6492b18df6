import DBus
import UserNotificationsCore
import UsernotedAPI

/// `io.github.usernoted.Handler1`, served by the app at ``path``: usernoted calls it with
/// responses (`DidReceive`) and, when it asks, before showing a notification (`WillPresent`).
/// A custom action of a category with a content extension goes to the extension, whose answer
/// says whether the notification stays; a background push goes to the delegate's
/// `didReceiveRemoteNotification`; everything else to its `didReceive`.
enum HandlerObject {
    static let path: ObjectPath = "/io/github/usernoted/Handler"
    /// What the app answers `DidReceive` once the delegate has the response: close the notification.
    static let dismiss = "dismiss"
    /// The error returned while no delegate is set, so usernoted keeps the response for later.
    static let noDelegate = ErrorName.noDelegate.dbusName

    /// The interface, calling `center`'s delegate.
    static func make(center: UNUserNotificationCenter) -> Interface {
        Interface(Handler1.interface, methods: [
            Method(Handler1.didReceive) { [weak center] _, json in
                let model = try ModelJSON.decodeResponse(json)
                if model.isBackgroundPush {
                    let (center, delegate) = try delegate(of: center)
                    let userInfo = UNNotificationContent(model.notification.content).userInfo
                    _ = await delegate.userNotificationCenter(center, didReceiveRemoteNotification: userInfo)
                    return dismiss
                }
                return try await disposition(after: ResponseMapping.response(model), center: center)
            },
            Method(Handler1.willPresent) { [weak center] _, json in
                let request = try ModelJSON.decodeRequest(json, limits: nil)
                let (center, delegate) = try delegate(of: center)
                let notification = UNNotification(request: UNNotificationRequest(request), date: Date())
                let options = await delegate.userNotificationCenter(center, willPresent: notification)
                return options.names
            },
        ])
    }

    /// Hands `response` to its category's content extension, if it has one for this action,
    /// else (or when the extension forwards it) to the delegate; returns the disposition.
    private static func disposition(
        after response: UNNotificationResponse, center: UNUserNotificationCenter?
    ) async throws -> String {
        if let contentExtension = center?.contentExtension(for: response) {
            let option = await contentExtension.didReceive(response)
            guard option == .dismissAndForwardAction else { return option.disposition }
        }
        let (center, delegate) = try delegate(of: center)
        await delegate.userNotificationCenter(center, didReceive: response)
        return dismiss
    }

    /// The center and its delegate, or the error that leaves the call unanswered.
    private static func delegate(
        of center: UNUserNotificationCenter?
    ) throws(DBusError) -> (UNUserNotificationCenter, any UNUserNotificationCenterDelegate) {
        guard let center, let delegate = center.delegate else {
            throw DBusError(noDelegate, "the app has no notification center delegate now; keep the response and try later")
        }
        return (center, delegate)
    }
}
