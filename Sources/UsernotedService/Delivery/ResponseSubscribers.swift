import DBus
import Logging
import Synchronization
import UserNotificationsCore
import UsernotedAPI

/// Who gets the `Response` signal: the connections that called `Subscribe`, each for the app
/// ids it was allowed to (``CallerCheck`` decides before ``subscribe(_:to:)`` runs). The signal
/// goes to each of them alone (a destination), never broadcast, so a typed reply is read only
/// by programs that may act for its app. Subscriptions last as long as the connection: one
/// that leaves the bus is forgotten.
final class ResponseSubscribers: Sendable {
    /// The most app ids one connection may subscribe to, so that a caller cannot grow the table without end.
    static let limitPerConnection = 256

    private let connection: Connection
    private let logger: Logger
    /// Each subscribed connection's subscriptions: app ids, nil for every app.
    private let table = Mutex<[String: Set<AppID?>]>([:])
    /// The watch on connections leaving the bus, once ``start()`` has begun it.
    private let watch = Mutex<Task<Void, Never>?>(nil)

    /// Subscribers on `connection`, the daemon's.
    init(connection: Connection, logger: Logger) {
        self.connection = connection
        self.logger = logger
    }

    deinit { watch.withLock { $0?.cancel() } }

    /// Starts forgetting the subscriptions of connections that leave the bus (`NameOwnerChanged`
    /// with no new owner, as ``CallerCheck`` watches it).
    func start() async throws {
        let gone = try await connection.departures()
        let task = Task { [weak self] in
            for await name in gone { self?.forget(name) }
        }
        watch.withLock { $0 = task }
    }

    /// Sends `sender` the responses of `app` (nil: of every app) from now on. A sender that
    /// left the bus before this ran is forgotten again at once (asked once per new subscriber).
    func subscribe(_ sender: String, to app: AppID?) async throws {
        let isNew = try table.withLock { table throws(CenterError) -> Bool in
            let subscriptions = table[sender] ?? []
            guard subscriptions.contains(app) || subscriptions.count < Self.limitPerConnection else {
                throw CenterError(.limitExceeded, "a connection may subscribe to at most \(Self.limitPerConnection) app ids; unsubscribe from some first")
            }
            table[sender, default: []].insert(app)
            return subscriptions.isEmpty
        }
        // Its departure may have been seen before it was in the table; unique names are never reused.
        guard isNew else { return }
        do {
            if try await connection.nameOwner(sender) == nil { forget(sender) }
        } catch {
            logger.debug("cannot ask whether a subscriber is still on the bus", metadata: ["subscriber": "\(sender)", "error": "\(error)"])
        }
    }

    /// Stops sending `sender` the responses of `app` (nil: the subscription to every app; its
    /// subscriptions to single apps stay). Not subscribed: nothing changes.
    func unsubscribe(_ sender: String, from app: AppID?) {
        table.withLock { table in
            table[sender]?.remove(app)
            if table[sender]?.isEmpty == true { table[sender] = nil }
        }
    }

    /// The connections that get `app`'s responses.
    func destinations(for app: AppID) -> [String] {
        table.withLock { table in
            table.compactMap { sender, apps in apps.contains(app) || apps.contains(nil) ? sender : nil }.sorted()
        }
    }

    /// How many connections are subscribed (for tests).
    var count: Int { table.withLock { $0.count } }

    /// Sends the `Response` signal of `response` to each connection subscribed to its app.
    func announce(_ response: NotificationResponse, json: String) {
        for destination in destinations(for: response.appId) {
            do {
                try connection.emit(
                    Center1.response, path: Center1.path, interface: Center1.interface,
                    response.appId.rawValue, response.requestId, response.actionIdentifier, response.userText ?? "", json,
                    destination: destination)
            } catch {
                logger.error("cannot send Response to a subscriber", metadata: ["subscriber": "\(destination)", "error": "\(error)"])
            }
        }
    }

    /// Sends `AuthorizationChanged` with `status` to each connection subscribed to `app`.
    func announce(authorization status: String, of app: AppID) {
        for destination in destinations(for: app) {
            do {
                try connection.emit(
                    Center1.authorizationChanged, path: Center1.path, interface: Center1.interface, app.rawValue, status,
                    destination: destination)
            } catch {
                logger.error("cannot send AuthorizationChanged to a subscriber", metadata: ["subscriber": "\(destination)", "error": "\(error)"])
            }
        }
    }

    private func forget(_ sender: String) {
        _ = table.withLock { $0.removeValue(forKey: sender) }
    }
}
