/// A Notification Service Extension, which changes a pushed notification's content before it
/// is shown, as on Apple platforms. Make an executable whose `main.swift` calls
/// ``UNServiceExtensionMain(_:)`` with the subclass, and set it as the app's service extension
/// (`usernotectl extension set`, or `SetServiceExtension`): usernoted runs it for each push (and
/// `PostPayload`) with `mutable-content`, ``didReceive(_:withContentHandler:)`` gets the request,
/// and the content passed to the content handler is shown. ``serviceExtensionTimeWillExpire()``
/// is called shortly before usernoted's deadline (`serviceExtensionSeconds`, 30 by default),
/// for the extension's best attempt; without content by the deadline the original is shown.
open class UNNotificationServiceExtension: NSObject {
    /// Creates the extension; ``UNServiceExtensionMain(_:)`` makes one per run with it.
    public required override init() { super.init() }

    /// Changes `request`'s content and passes it to `contentHandler`; by default, unchanged.
    open func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        contentHandler(request.content)
    }

    /// Called when the time to change the content runs out; by default nothing happens.
    open func serviceExtensionTimeWillExpire() {}
}
