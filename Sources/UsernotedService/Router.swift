import DBus
import FreedesktopNotifications
import Foundation
import Logging
import UserNotificationsCore

/// Routes each response to its app: the `Response` signal for observers, and
/// `Handler1.DidReceive` for the app's registered handler, which acknowledges by returning.
/// Responses wait in the outbox until a handler takes them.
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
    private let logger: Logger
    private var handlers: [AppID: Handler] = [:]
    private var outbox: [AppID: [NotificationResponse]] = [:]
    private var flushing: Set<AppID> = []

    public init(connection: Connection, bridge: NotificationBridge, center: Center, logger: Logger) {
        self.connection = connection
        self.bridge = bridge
        self.center = center
        self.logger = logger
    }

    /// Routes every interaction the bridge reports, until it stops.
    public func run() async {
        for await interaction in bridge.interactions { await route(interaction) }
    }

    /// Makes `busName`'s object at `path` the handler of `app`, and hands it what waits.
    public func register(_ app: AppID, busName: String, path: ObjectPath) async throws {
        handlers[app]?.watch.cancel()
        let changes = try await connection.nameOwnerChanges(of: busName)
        let watch = Task { [weak self] in
            for await change in changes where change.newOwner.isEmpty {
                await self?.handlerVanished(app, busName: busName)
                return
            }
        }
        handlers[app] = Handler(busName: busName, path: path, watch: watch)
        logger.info("handler registered", metadata: ["app": "\(app)", "name": "\(busName)", "path": "\(path)"])
        Task { await flush(app) }
    }

    /// Responses of `app` not yet acknowledged by a handler.
    public func waiting(_ app: AppID) -> [NotificationResponse] { outbox[app] ?? [] }

    private func handlerVanished(_ app: AppID, busName: String) {
        guard handlers[app]?.busName == busName else { return }
        handlers[app] = nil
        logger.info("handler left the bus", metadata: ["app": "\(app)", "name": "\(busName)"])
    }

    private func route(_ interaction: Interaction) async {
        let response = NotificationResponse(
            appId: interaction.appID, requestId: interaction.request.identifier,
            actionIdentifier: interaction.actionIdentifier, userText: interaction.userText,
            notification: interaction.request, date: Date(), activationToken: interaction.activationToken)
        let json = ModelJSON.encode(response)
        do {
            try connection.emit(
                path: CenterInterface.path, interface: CenterInterface.name, name: "Response",
                [.string(response.appId.rawValue), .string(response.requestId), .string(response.actionIdentifier),
                 .string(response.userText ?? ""), .string(json)])
        } catch {
            logger.error("cannot emit Response", metadata: ["error": "\(error)"])
        }
        outbox[response.appId, default: []].append(response)
        await flush(response.appId)
    }

    /// Delivers the outbox of `app` in order while its handler acknowledges.
    private func flush(_ app: AppID) async {
        guard !flushing.contains(app) else { return }
        flushing.insert(app)
        defer { flushing.remove(app) }
        while let handler = handlers[app], let response = outbox[app]?.first {
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
            outbox[app]?.removeFirst()
            await apply(Disposition(disposition, logger: logger), to: response)
        }
    }

    /// What the handler asked to happen to the notification.
    private func apply(_ disposition: Disposition, to response: NotificationResponse) async {
        let key = NotificationKey(appID: response.appId, requestID: response.requestId)
        switch disposition {
        case .dismiss:
            await bridge.close(key)
        case .keep:
            guard !(await bridge.isLive(key)) else { return }
            let category = try? await center.category(response.notification.content.categoryIdentifier, of: response.appId)
            await bridge.show(appID: response.appId, request: response.notification, category: category)
        case .forward:
            await bridge.close(key)
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
