/// A Notification Service Extension, which changes a pushed notification's content before it
/// is shown (Apple platforms). The class exists so that extension code compiles; usernoted does
/// not run extensions, so neither method is called.
open class UNNotificationServiceExtension: NSObject {
    /// Changes `request`'s content and passes it to `contentHandler`; by default, unchanged.
    open func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        contentHandler(request.content)
    }

    /// Called when the time to change the content runs out; by default nothing happens.
    open func serviceExtensionTimeWillExpire() {}
}
