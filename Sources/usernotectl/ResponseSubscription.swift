import DBus
import Synchronization
import UserNotificationsCore
import UsernotedAPI

/// The `Response` signals `monitor` and `wait` read: usernoted sends them only to connections
/// subscribed to the app, so this subscribes when the daemon is there and again each time it
/// starts (its subscriptions end with it), and keeps only signals from the daemon itself
/// (a signal addressed to this connection could come from any peer).
struct ResponseSubscription: Sendable {
    /// The responses, from the moment ``start(_:of:request:)`` returned.
    let responses: AsyncStream<ResponseSignal>
    /// Whether usernoted was running when the subscription started.
    let daemonWasRunning: Bool

    /// Subscribes `center`'s connection to the responses of `app` (nil: every app) and, with
    /// `request`, keeps only those to that request; unless `quiet`, says on standard error when
    /// it subscribed again to a daemon that started.
    static func start(_ center: CenterClient, of app: AppID?, request: String? = nil, quiet: Bool = false) async throws -> ResponseSubscription {
        let connection = center.proxy.connection
        let signals = try await connection.signals(matching: Center1.responses(of: app?.rawValue, request: request))
        let owners = try await connection.nameOwnerChanges(of: Center1.busName)
        let owner = try await connection.nameOwner(Center1.busName)
        let daemon = DaemonName(owner)
        if owner != nil { try await center.proxy.call(Center1.subscribe, app?.rawValue ?? "") }
        // Both loops end when the connection closes (usernotectl's commands close it when done).
        Task {
            for await change in owners {
                daemon.name.withLock { $0 = change.newOwner.isEmpty ? nil : change.newOwner }
                guard !change.newOwner.isEmpty else { continue }
                do {
                    try await center.proxy.call(Center1.subscribe, app?.rawValue ?? "")
                    if !quiet { StandardStreams.writeError("usernotectl: usernoted started; subscribed to its responses") }
                } catch {
                    StandardStreams.writeError("usernotectl: usernoted started, but subscribing to its responses failed: \(error)")
                }
            }
        }
        let (responses, continuation) = AsyncStream.makeStream(of: ResponseSignal.self)
        Task {
            for await message in signals where message.sender == daemon.name.withLock({ $0 }) {
                if let response = ResponseSignal(message) { continuation.yield(response) }
            }
            continuation.finish()
        }
        return ResponseSubscription(responses: responses, daemonWasRunning: owner != nil)
    }
}

/// The daemon's unique name while it runs: the only sender whose signals count.
private final class DaemonName: Sendable {
    let name: Mutex<String?>
    init(_ name: String?) { self.name = Mutex(name) }
}
