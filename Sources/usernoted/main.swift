import DBus
#if canImport(Glibc)
import Glibc
#endif
import Logging
import ServiceLifecycle
import UsernotedService

/// The daemon as a lifecycle service: runs until SIGTERM/SIGINT or until the bus goes away.
struct DaemonService: Service {
    let daemon: Daemon

    func run() async throws {
        try await cancelWhenGracefulShutdown { try await daemon.run() }
    }
}

LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = .info
    return handler
}
let logger = Logger(label: "usernoted")
do {
    let connection = try Connection.sessionBus()
    let group = ServiceGroup(
        services: [DaemonService(daemon: Daemon(connection: connection, logger: logger))],
        gracefulShutdownSignals: [.sigterm, .sigint],
        logger: logger)
    try await group.run()
} catch {
    logger.critical("usernoted cannot run: \(error)")
    exit(1)
}
