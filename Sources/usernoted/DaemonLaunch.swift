import ArgumentParser
import DBus
import Foundation
import Logging
import ServiceLifecycle
import UsernotedService

/// One run of the daemon with its options (nil: the default), from the command line or,
/// when there is none, as the service starts it.
struct DaemonLaunch {
    var stateDir: String?
    var config: String?
    var clockRate: String?
    /// The process's environment, read once for everything the run looks up in it.
    var environment = Self.processEnvironment

    /// The process's environment as read once (the parser's validation and the run each make a launch).
    private static let processEnvironment = ProcessEnvironment.read()

    /// The clock rate from --clock-rate, else $USERNOTED_CLOCK_RATE, else real time.
    func schedulerClock() throws -> ScaledClock {
        guard let text = clockRate ?? environment["USERNOTED_CLOCK_RATE"] else {
            return .real
        }
        guard let rate = Double(text), let clock = ScaledClock(rate: rate) else {
            throw ValidationError("clock rate '\(text)': give a number above 0 (60 makes a minute pass in a second)")
        }
        return clock
    }

    /// Checks the options before anything starts (a usage error, as the parser reports it).
    func validate() throws { _ = try schedulerClock() }

    /// What a run sets up before it needs the loop: the log, the refusal of a system bus, and
    /// the store, opening on a thread of its own from here on.
    struct Opened: Sendable {
        let logger: Logger
        let directory: URL
        let store: Store
    }

    /// Serves until SIGTERM or SIGINT, or until the session bus goes away.
    func run() async throws { try await run(open()) }

    /// Sets up the log, refuses a system bus, and starts opening the store, which takes longer
    /// than anything else of a start: `main` calls it before the loop runs any task.
    func open() throws -> Opened {
        let underSystemd = environment["JOURNAL_STREAM"] != nil
        LoggingSystem.bootstrap { label in
            if underSystemd { return JournalLogHandler() }
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .info
            return handler
        }
        let logger = Logger(label: "usernoted")
        do {
            try SessionBusOnly.check(environment)
            let directory = stateDir.map { URL(filePath: $0) } ?? Store.defaultDirectory(environment: environment)
            // usernoted's tasks run on the shared loop: their commits are written there too.
            let store = Store.opening(directory: directory, logger: logger, committingOn: .shared)
            return Opened(logger: logger, directory: directory, store: store)
        } catch {
            logger.critical("usernoted cannot run: \(error)")
            throw ExitCode.failure
        }
    }

    /// Serves with what ``open()`` set up: reads the settings and connects to the bus while the
    /// store opens.
    func run(_ opened: Opened) async throws {
        let (logger, directory, store) = (opened.logger, opened.directory, opened.store)
        let stops = StopSignals()
        defer { stops.cancel() }
        do {
            let configFile = config.map(Config.absolute) ?? Config.defaultFile(environment: environment)
            let settings = try Config.load(from: configFile)
            logger.info("state", metadata: ["directory": .string(directory.path)])
            let clock = try schedulerClock()
            if clock != .real {
                logger.warning("test clock: scheduled time runs faster than real time", metadata: ["rate": "\(clock.rate)"])
            }
            let connection = try await Connection.sessionBus()
            let daemon = Daemon(
                connection: connection, store: store, logger: logger, config: settings, clock: clock,
                systemBusAddress: SessionLock.systemBusAddress(environment: environment),
                iconDirectory: directory.appending(path: "icons"), eventSounds: true)
            // Its bus subscriptions go out now, and come back while the signal handlers are set up.
            daemon.subscribe()
            let reloading = ConfigReload(file: configFile, daemon: daemon, logger: logger)
            defer { reloading.cancel() }
            // Named here: the default name describes the service by reflection, which costs
            // a scan of every protocol conformance in the binary per type (~1 ms of a cold start).
            let group = ServiceGroup(configuration: ServiceGroupConfiguration(
                services: [.init(service: DaemonService(daemon: daemon), serviceName: "usernoted")],
                logger: logger))
            stops.stopping(group)
            try await group.run()
            // A clean stop: nothing reloads the settings any more, and state.sqlite holds the state.
            reloading.cancel()
            await store.close()
        } catch {
            logger.critical("usernoted cannot run: \(error)")
            throw ExitCode.failure
        }
    }
}
