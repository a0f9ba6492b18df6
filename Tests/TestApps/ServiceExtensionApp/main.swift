import UserNotifications

// A notification service extension built against the library, as an app ships one: it adds
// " [changed]" to the title and puts the payload's `secret` key in the body. With the argument
// `slow` it hands nothing over in didReceive and gives its best attempt when the time runs out.
nonisolated final class TitleChanger: UNNotificationServiceExtension {
    static let slow = CommandLine.arguments.dropFirst().first == "slow"
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        self.contentHandler = contentHandler
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        content.title += Self.slow ? " [best attempt]" : " [changed]"
        content.body = request.content.userInfo["secret"] as? String ?? "no secret"
        bestAttemptContent = content
        if !Self.slow { contentHandler(content) }
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler, let bestAttemptContent { contentHandler(bestAttemptContent) }
    }
}

UNServiceExtensionMain(TitleChanger.self)
