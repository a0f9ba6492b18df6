import DBus
import Logging
import Synchronization
import UserNotificationsCore
import UsernotedAPI

/// Who takes each app's responses: a bus object or a program (none: the app is activated), as
/// the ``Router`` registered them. The poster asks an app's bus handler how to present a request
/// (`Handler1.WillPresent`), so the router and the poster share this table and neither calls the other.
final class HandlerRegistry: PresentationAdvisor, Sendable {
    private let connection: Connection
    private let logger: Logger
    private let targets = Mutex<[AppID: HandlerTarget]>([:])

    /// Handlers called over `connection`.
    init(connection: Connection, logger: Logger) {
        self.connection = connection
        self.logger = logger
    }

    /// The handler of `app`; nil when it has none.
    func target(of app: AppID) -> HandlerTarget? { targets.withLock { $0[app] } }

    /// `target` takes `app`'s responses from now on (nil: nobody does).
    func set(_ target: HandlerTarget?, for app: AppID) { targets.withLock { $0[app] = target } }

    /// Asks the app's handler how to present `request` (`Handler1.WillPresent`), if a bus
    /// handler is connected and answers within half a second; nil otherwise (the default
    /// presentation). The answer is a set of `banner`, `sound`, `badge`, `list`.
    nonisolated(nonsending) func presentationOptions(for request: NotificationRequest, of app: AppID) async -> Set<String>? {
        guard case .bus(let name, let path)? = target(of: app) else { return nil }
        do {
            // Asked only while it runs: not started for it (a name nobody owns fails at once).
            return Set(try await connection.call(
                Handler1.willPresent, destination: name, path: path, interface: Handler1.interface,
                ModelJSON.encode(request), timeout: .milliseconds(500), autoStart: false))
        } catch {
            logger.debug("WillPresent not answered; presenting as usual", metadata: ["app": "\(app)", "error": "\(error)"])
            return nil  // not implemented, too slow, or gone: present as usual
        }
    }
}
