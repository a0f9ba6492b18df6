import DBus
import FreedesktopNotifications
import Logging
import UserNotificationsCore

/// The running daemon: the Center1 object on the bus, the bridge to the notification
/// server, and the router, wired together.
public final class Daemon: Sendable {
    public let connection: Connection
    public let bridge: NotificationBridge
    public let center: Center
    public let router: Router
    private let logger: Logger

    public init(connection: Connection, logger: Logger) {
        self.connection = connection
        self.logger = logger
        bridge = NotificationBridge(connection: connection)
        center = Center(bridge: bridge)
        router = Router(connection: connection, bridge: bridge, center: center, logger: logger)
    }

    /// Serves until the task is cancelled or the bus goes away.
    public func run() async throws {
        try await bridge.start()
        connection.export([CenterInterface.make(center: center, router: router)], at: CenterInterface.path)
        switch try await connection.requestName(CenterInterface.busName, flags: [.doNotQueue]) {
        case .primaryOwner, .alreadyOwner:
            logger.info("serving", metadata: ["name": "\(CenterInterface.busName)", "unique": "\(connection.uniqueName)"])
        case .exists, .inQueue:
            let owner = (try? await connection.nameOwner(CenterInterface.busName)) ?? nil
            throw DBusError(.failed, "\(CenterInterface.busName) is already owned by \(owner ?? "another connection"): another usernoted is running")
        }
        let routing = Task { await router.run() }
        defer { routing.cancel() }
        await withTaskCancellationHandler {
            await connection.waitUntilDisconnected()
        } onCancel: {
            connection.close()
        }
        await bridge.stop()
        logger.info("stopped")
    }
}
