import UsernotedAPI
import DBus
import Foundation
import Logging
import TestSupport
import UserNotificationsCore
@testable import UsernotedService

/// The daemon running in-process on a private bus, and an app connection calling it.
struct ServiceScene {
    let bus: PrivateBus
    let daemon: Daemon
    let running: Task<Void, any Error>
    let app: Connection
    let center: Proxy

    /// Starts the daemon on `bus` (a new private one by default), with its state in a new directory.
    init(
        bus: PrivateBus? = nil, limits: Limits = .default, delivery: DeliveryPolicy = DeliveryPolicy(),
        privacy: PrivacyPolicy = PrivacyPolicy(), text: TextPolicy = TextPolicy(), gtk: GtkPolicy = GtkPolicy(),
        focus: FocusPolicy = FocusPolicy(), summary: SummaryPolicy = SummaryPolicy(),
        authorization: AuthorizationPolicy = AuthorizationPolicy(), systemBusAddress: String? = nil,
        logger: Logger = Logger(label: "test"), now: (@Sendable () -> Date)? = nil, clock: ScaledClock = .real
    ) async throws {
        self.bus = try bus ?? PrivateBus()
        let bus = self.bus
        let connection = try await bus.connect()
        let watcher = try await bus.connect()
        let owners = try await watcher.nameOwnerChanges(of: Center1.busName)
        // As usernoted starts it: the store still opening, the bus subscriptions sent before the run.
        let store = Store.opening(directory: bus.directory.appending(path: "state"), logger: logger)
        let daemon = Daemon(
            connection: connection, store: store, logger: logger,
            config: Config(limits: limits, delivery: delivery, privacy: privacy, text: text, gtk: gtk, focus: focus, summary: summary,
                authorization: authorization),
            now: now, clock: clock, systemBusAddress: systemBusAddress,
            iconDirectory: bus.directory.appending(path: "state/icons"), messagesLocale: "C.UTF-8")
        self.daemon = daemon
        daemon.subscribe()
        running = Task { try await daemon.run() }
        _ = try await withDeadline(.seconds(10), "daemon owning its name") {
            for await change in owners where !change.newOwner.isEmpty { return true }
            return false
        }
        app = try await bus.connect()
        center = Proxy.usernotedCenter(on: app)
    }

    /// Calls a Center1 method and returns its one string result, if any.
    @discardableResult
    func call(_ method: String, _ arguments: Value...) async throws -> String? {
        try await center.call(method, arguments).first?.as(String.self)
    }
}

/// Whether `error` is the D-Bus error `name` and its message contains every fragment.
func isDBusError(_ error: any Error, _ name: String, _ fragments: String...) -> Bool {
    guard let error = error as? DBusError, error.name.rawValue == name else { return false }
    return fragments.allSatisfy { error.message.contains($0) }
}
