import ArgumentParser
import DBus
import Foundation
import Logging
import ServiceLifecycle
import UsernotedService

/// `usernoted`: the per-user notification daemon, on the session bus.
@main
struct Usernoted: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "usernoted",
        abstract: "Serve io.github.usernoted on the session bus: categories, scheduled notifications and responses.",
        discussion: "Stops on SIGTERM or SIGINT, or when the session bus goes away. Logs go to standard error. Refuses to serve the system bus.")

    @Option(help: ArgumentHelp(
        "Where to keep state (default: $USERNOTED_STATE_DIR, else $XDG_STATE_HOME/usernoted, else ~/.local/state/usernoted).",
        valueName: "directory"))
    var stateDir: String?

    @Option(help: ArgumentHelp(
        "Settings file (default: $XDG_CONFIG_HOME/usernoted/config.toml, else ~/.config/usernoted/config.toml; missing means defaults).",
        valueName: "file"))
    var config: String?

    /// A test aid, hidden from --help: scheduled time runs this many times as fast as real time.
    @Option(help: .hidden)
    var clockRate: String?

    /// The clock rate from --clock-rate, else $USERNOTED_CLOCK_RATE, else real time.
    func schedulerClock() throws -> ClockRate {
        guard let text = clockRate ?? ProcessInfo.processInfo.environment["USERNOTED_CLOCK_RATE"] else {
            return .real
        }
        guard let rate = Double(text), let clock = ClockRate(rate: rate) else {
            throw ValidationError("clock rate '\(text)': give a number above 0 (60 makes a minute pass in a second)")
        }
        return clock
    }

    func validate() throws { _ = try schedulerClock() }

    /// The entry point, before any task exists: every task runs on one queue of usernoted's
    /// own, so that libdispatch's worker pool, and the monitor that wakes it every second,
    /// never start. Then parses the command line and runs.
    static func main() {
        useSerialDefaultExecutor()
        Task {
            await main(nil)
            Self.exit()
        }
        dispatchMain()
    }

    func run() async throws {
        let underSystemd = ProcessInfo.processInfo.environment["JOURNAL_STREAM"] != nil
        LoggingSystem.bootstrap { label in
            if underSystemd { return JournalLogHandler() }
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .info
            return handler
        }
        let logger = Logger(label: "usernoted")
        do {
            try SessionBusOnly.check(ProcessInfo.processInfo.environment)
            let configFile = config.map { URL(filePath: $0) } ?? Config.defaultFile()
            let settings = try Config.load(from: configFile)
            let directory = stateDir.map { URL(filePath: $0) } ?? Store.defaultDirectory()
            let store = try Store(directory: directory, logger: logger)
            logger.info("state", metadata: ["directory": "\(directory.path)"])
            let clock = try schedulerClock()
            if clock != .real {
                logger.warning("test clock: scheduled time runs faster than real time", metadata: ["rate": "\(clock.rate)"])
            }
            let connection = try Connection.sessionBus(queue: globalTaskQueue)
            let daemon = Daemon(
                connection: connection, store: store, logger: logger, config: settings, clock: clock,
                systemBusAddress: SessionLock.systemBusAddress())
            let reloading = ConfigReload(file: configFile, daemon: daemon, logger: logger)
            defer { reloading.cancel() }
            let group = ServiceGroup(
                services: [DaemonService(daemon: daemon)],
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger)
            try await group.run()
        } catch {
            logger.critical("usernoted cannot run: \(error)")
            throw ExitCode.failure
        }
    }
}
