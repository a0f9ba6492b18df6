import ServiceLifecycle
import UsernotedService

/// The daemon as a lifecycle service: runs until SIGTERM/SIGINT or until the bus goes away.
struct DaemonService: Service {
    let daemon: Daemon

    func run() async throws {
        try await cancelWhenGracefulShutdown { try await daemon.run() }
    }
}
