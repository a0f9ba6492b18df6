import DBus
import FreedesktopNotifications
import Foundation
import Logging
import UserNotificationsCore

/// Routes each response to its app: the `Response` signal for observers, and
/// `Handler1.DidReceive` for the app's registered handler, which acknowledges by returning.
/// Responses wait in the store's outbox until a handler takes them, across restarts.
public actor Router {
    /// A connection serving `Handler1` for an app.
    private struct Handler {
        var busName: String
        var path: ObjectPath
        var watch: Task<Void, Never>
    }

    private let connection: Connection
    private let bridge: NotificationBridge
    private let center: Center
    private let store: Store
    private let logger: Logger
    private var handlers: [AppID: Handler] = [:]
    private var flushing: Set<AppID> = []

    public init(connection: Connection, bridge: NotificationBridge, center: Center, store: Store, logger: Logger) {
        self.connection = connection
        self.bridge = bridge
        self.center = center
        self.store = store
        self.logger = logger
    }

    /// Takes back the handlers of a previous run whose connections are still on the bus,
    /// forgets the others, and delivers what waits in the outbox.
    public func restore() async throws {
        for (app, saved) in try await store.allHandlers() {
            if try await connection.nameOwner(saved.busName) != nil {
                try await watch(app, busName: saved.busName, path: saved.path)
            } else {
                try await store.removeHandler(app)
            }
        }
        for app in try await store.appsWithOutbox() { await flush(app) }
    }

    /// Routes every interaction the bridge reports, until it stops.
    public func run() async {
        for await interaction in bridge.interactions { await route(interaction) }
    }

    /// Makes `busName`'s object at `path` the handler of `app`, and hands it what waits.
    public func register(_ app: AppID, busName: String, path: ObjectPath) async throws {
        do {
            try await store.setHandler(app, busName: busName, path: path)
        } catch {
            throw CenterError("StorageFailed", "cannot save the handler to the state database, so it was not registered: \(error)")
        }
        try await watch(app, busName: busName, path: path)
        logger.info("handler registered", metadata: ["app": "\(app)", "name": "\(busName)", "path": "\(path)"])
        Task { await flush(app) }
    }

    private func watch(_ app: AppID, busName: String, path: ObjectPath) async throws {
        handlers[app]?.watch.cancel()
        let changes = try await connection.nameOwnerChanges(of: busName)
        let watch = Task { [weak self] in
            for await change in changes where change.newOwner.isEmpty {
                await self?.handlerVanished(app, busName: busName)
                return
            }
        }
        handlers[app] = Handler(busName: busName, path: path, watch: watch)
    }

    private func handlerVanished(_ app: AppID, busName: String) async {
        guard handlers[app]?.busName == busName else { return }
        handlers[app] = nil
        try? await store.removeHandler(app)
        logger.info("handler left the bus", metadata: ["app": "\(app)", "name": "\(busName)"])
    }

    private func route(_ interaction: Interaction) async {
        let response = NotificationResponse(
            appId: interaction.appID, requestId: interaction.request.identifier,
            actionIdentifier: interaction.actionIdentifier, userText: interaction.userText,
            notification: interaction.request, date: Date(), activationToken: interaction.activationToken)
        do {
            try connection.emit(
                path: CenterInterface.path, interface: CenterInterface.name, name: "Response",
                [.string(response.appId.rawValue), .string(response.requestId), .string(response.actionIdentifier),
                 .string(response.userText ?? ""), .string(ModelJSON.encode(response))])
        } catch {
            logger.error("cannot emit Response", metadata: ["error": "\(error)"])
        }
        do {
            try await store.enqueue(response)
        } catch {
            logger.error("cannot save a response to the outbox; it is lost if no handler takes it now",
                         metadata: ["app": "\(response.appId)", "request": "\(response.requestId)", "error": "\(error)"])
        }
        await flush(response.appId)
    }

    /// Delivers the outbox of `app` in order while its handler acknowledges.
    private func flush(_ app: AppID) async {
        guard !flushing.contains(app) else { return }
        flushing.insert(app)
        defer { flushing.remove(app) }
        while let handler = handlers[app], let (seq, response) = try? await store.outbox(of: app).first {
            let disposition: String
            do {
                let reply = try await connection.call(
                    destination: handler.busName, path: handler.path, interface: HandlerInterface.name,
                    method: "DidReceive", [.string(ModelJSON.encode(response))], timeout: .seconds(25))
                disposition = reply.first?.as(String.self) ?? ""
            } catch {
                logger.warning("handler did not take the response; it stays in the outbox",
                    metadata: ["app": "\(app)", "request": "\(response.requestId)", "error": "\(error)"])
                return
            }
            do {
                try await store.acknowledge(seq)
            } catch {
                logger.error("cannot remove an acknowledged response from the outbox; stopping delivery to avoid repeats",
                             metadata: ["app": "\(app)", "error": "\(error)"])
                return
            }
            await apply(Disposition(disposition, logger: logger), to: response)
        }
    }

    /// What the handler asked to happen to the notification.
    private func apply(_ disposition: Disposition, to response: NotificationResponse) async {
        let key = NotificationKey(appID: response.appId, requestID: response.requestId)
        switch disposition {
        case .dismiss:
            try? await center.removeDelivered(response.appId, ids: [response.requestId])
        case .keep:
            guard !(await bridge.isLive(key)) else { return }
            await center.present(response.notification, of: response.appId)
        case .forward:
            try? await center.removeDelivered(response.appId, ids: [response.requestId])
            guard response.actionIdentifier != NotificationResponse.defaultActionIdentifier else { return }
            await route(Interaction(
                appID: response.appId, request: response.notification,
                actionIdentifier: NotificationResponse.defaultActionIdentifier, userText: nil,
                activationToken: response.activationToken))
        }
    }
}

/// A handler's answer to `DidReceive`.
enum Disposition: String {
    case dismiss, keep, forward

    /// Reads the answer; empty means `dismiss`, and so does anything unknown (logged).
    init(_ text: String, logger: Logger) {
        if text.isEmpty { self = .dismiss; return }
        guard let known = Disposition(rawValue: text) else {
            logger.warning("unknown disposition from handler; dismissing", metadata: ["disposition": "\(text)"])
            self = .dismiss
            return
        }
        self = known
    }
}
