@preconcurrency import UserNotifications

/// The notification service extension of apps that build in Swift 6 (Element X's, among
/// others): the override declares its content handler `@Sendable` to hand it to an actor that
/// does the work, which Apple's SDK accepts under `@preconcurrency import` (its handler is not
/// `@Sendable`), as this library does.
nonisolated final class ActorServiceExtension: UNNotificationServiceExtension {
    private let worker = ServiceWorker()

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
    ) {
        let worker = worker
        Task { await worker.handle(request, contentHandler: contentHandler) }
    }

    override func serviceExtensionTimeWillExpire() {
        let worker = worker
        Task { await worker.expire() }
    }
}

/// Where the extension's state lives: the best attempt so far and the handler to give it to.
actor ServiceWorker {
    private var best: UNNotificationContent?
    private var contentHandler: (@Sendable (UNNotificationContent) -> Void)?

    /// Marks the title and hands the content over.
    func handle(_ request: UNNotificationRequest, contentHandler: @escaping @Sendable (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else {
            return contentHandler(request.content)
        }
        content.title = "🔒 \(content.title)"
        best = content
        contentHandler(content)
        self.contentHandler = nil
    }

    /// Hands over the best attempt, if the handler was not called yet.
    func expire() {
        if let contentHandler, let best { contentHandler(best) }
        contentHandler = nil
    }
}
