import UsernotedAPI
import DBus
import Foundation
import Testing
import TestSupport

/// The `usernoted` command itself: where it keeps state, and how it stops.
@Suite(.serialized) struct UsernotedCommandTests {
    func categories(on bus: PrivateBus) async throws -> String? {
        try await Proxy.usernotedCenter(on: try await bus.connect()).call("GetCategories", [.string(Scene.appID)]).first?.as(String.self)
    }

    func setCategories(on bus: PrivateBus) async throws {
        _ = try await Proxy.usernotedCenter(on: try await bus.connect()).call("SetCategories", [.string(Scene.appID), .string(Scene.meetingCategories)])
    }

    @Test func stateLivesInTheStateDirAndSurvivesAStop() async throws {
        let bus = try PrivateBus()
        let stateDir = bus.directory.appending(path: "elsewhere").path
        let first = try await DaemonProcess(bus: bus, arguments: ["--state-dir", stateDir])
        try await setCategories(on: bus)
        let status = try #require(first.stop())
        #expect(status == 0, "SIGTERM is a clean stop")
        #expect(first.process.log.contains("stopped"))
        #expect(FileManager.default.fileExists(atPath: stateDir + "/state.sqlite"))

        let again = try await DaemonProcess(bus: bus, arguments: ["--state-dir", stateDir])
        #expect(try await categories(on: bus)?.contains("MEETING_INVITATION") == true)
        again.stop()

        let fresh = try await DaemonProcess(bus: bus, arguments: ["--state-dir", bus.directory.appending(path: "fresh").path])
        #expect(try await categories(on: bus) == "[]")
        fresh.stop()
    }

    /// After a clean stop (SIGTERM, as systemd sends it, or SIGINT, a Ctrl-C) the state is in
    /// `state.sqlite`, its write-ahead log copied in and emptied (then started again with one
    /// page that changes nothing): a copy of that one file (a backup) holds everything, and a
    /// start has no log to read back.
    @Test(arguments: [SIGTERM, SIGINT]) func aCleanStopLeavesTheStateInOneFile(signal: Int32) async throws {
        let bus = try PrivateBus()
        let stateDir = bus.directory.appending(path: "state")
        let first = try await DaemonProcess(bus: bus, arguments: ["--state-dir", stateDir.path])
        try await setCategories(on: bus)
        #expect(first.process.stop(signal: signal) == 0, "it exits with status 0")
        let log = try stateDir.appending(path: "state.sqlite-wal").resourceValues(forKeys: [.fileSizeKey]).fileSize
        #expect(log == 32 + 24 + 4096, "the write-ahead log is emptied and started again with one page")

        let backup = bus.directory.appending(path: "backup")
        try FileManager.default.createDirectory(at: backup, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: stateDir.appending(path: "state.sqlite"), to: backup.appending(path: "state.sqlite"))
        let restored = try await DaemonProcess(bus: bus, arguments: ["--state-dir", backup.path])
        defer { restored.stop() }
        #expect(try await categories(on: bus)?.contains("MEETING_INVITATION") == true)
    }

    @Test func aBadConfigStopsItWithTheFileAndTheKeyNamed() throws {
        let bus = try PrivateBus()
        let file = bus.directory.appending(path: "config.toml")
        try "[limits]\npostsPerSecnd = 5\n".write(to: file, atomically: true, encoding: .utf8)
        let binary = DaemonProcess.binary
        let result = try Command.run(binary, ["--config", file.path, "--state-dir", bus.directory.appending(path: "state").path],
                                     environment: bus.environment)
        #expect(result.status == 1)
        #expect(result.errors.contains("\(file.path): limits: unknown field 'postsPerSecnd' in limits (did you mean 'postsPerSecond'?)"))
    }

    @Test func aStateDirThatCannotBeUsedStopsItWithTheDirectoryAndTheReasonNamed() throws {
        let bus = try PrivateBus()
        let file = bus.directory.appending(path: "a-file")
        try Data().write(to: file)
        let binary = DaemonProcess.binary
        let result = try Command.run(binary, ["--state-dir", file.appending(path: "state").path], environment: bus.environment)
        #expect(result.status == 1)
        #expect(result.errors.contains(
            "usernoted cannot run: cannot keep state in \(file.path)/state: Not a directory (choose another with --state-dir or USERNOTED_STATE_DIR)"),
            "\(result.errors)")
        #expect(!result.errors.contains("serving"))
        // With no arguments, as the service starts it: the store starts opening before the loop runs.
        var environment = bus.environment
        environment["USERNOTED_STATE_DIR"] = file.appending(path: "state").path
        let bare = try Command.run(binary, [], environment: environment)
        #expect(bare.status == 1)
        #expect(bare.errors.contains("usernoted cannot run: cannot keep state in \(file.path)/state: Not a directory"), "\(bare.errors)")
    }

    @Test func theTestClockRateIsHiddenAndMustBeANumberAboveZero() throws {
        let binary = DaemonProcess.binary
        let help = try Command.run(binary, ["--help"])
        #expect(help.succeeded && help.output.contains("--state-dir"))
        #expect(!help.output.contains("clock-rate"))
        let bus = try PrivateBus()
        let state = ["--state-dir", bus.directory.appending(path: "state").path]
        let zero = try Command.run(binary, ["--clock-rate", "0"] + state, environment: bus.environment)
        #expect(zero.status == 64 && zero.errors.contains("clock rate '0': give a number above 0"), "\(zero.errors)")
        var environment = bus.environment
        environment["USERNOTED_CLOCK_RATE"] = "fast"
        let word = try Command.run(binary, state, environment: environment)
        #expect(word.status == 64 && word.errors.contains("clock rate 'fast': give a number above 0"), "\(word.errors)")
        // With no arguments (as the service starts it) the parser is skipped; the check is not.
        environment["USERNOTED_STATE_DIR"] = bus.directory.appending(path: "state").path
        let bare = try Command.run(binary, [], environment: environment)
        #expect(bare.status == 64 && bare.errors.contains("clock rate 'fast': give a number above 0"), "\(bare.errors)")
        #expect(bare.errors.contains("Usage: usernoted"), "\(bare.errors)")
    }

    @Test func itRefusesToServeTheSystemBus() async throws {
        let bus = try PrivateBus()
        let binary = DaemonProcess.binary
        let state = ["--state-dir", bus.directory.appending(path: "state").path]
        /// Starts usernoted in `environment`; returns its exit status once it said `refusal`.
        func refusal(_ environment: [String: String], _ refusal: String, arguments: [String] = state) async throws -> Int32 {
            let (process, _) = try ManagedProcess.start(binary, arguments, environment: environment)
            try await process.waitForLog(containing: "usernoted cannot run: " + refusal)
            return try await process.exitStatus()
        }
        var activated = bus.environment
        activated["DBUS_STARTER_BUS_TYPE"] = "system"  // what the system bus sets for a service it starts
        #expect(try await refusal(activated, "the system bus started it (DBUS_STARTER_BUS_TYPE=system), but usernoted serves the session bus only") == 1)
        activated["USERNOTED_STATE_DIR"] = state[1]
        #expect(try await refusal(activated, "the system bus started it", arguments: []) == 1, "with no arguments, as a service")
        var sameBus = bus.environment
        sameBus["DBUS_SYSTEM_BUS_ADDRESS"] = "unix:path=" + bus.directory.appending(path: "bus").path
        #expect(try await refusal(sameBus, "DBUS_SESSION_BUS_ADDRESS (\(bus.address)) is the system bus") == 1)
        #expect(try await bus.connect().nameOwner("io.github.usernoted") == nil, "it never took its name")
        #expect(!FileManager.default.fileExists(atPath: state[1]), "it refused before making its state directory")
    }

    @Test func underSystemdLogLinesCarryJournalPriorities() async throws {
        let bus = try PrivateBus()
        var environment = bus.environment
        environment["JOURNAL_STREAM"] = "8:12345"  // what systemd sets for a service whose stderr goes to the journal
        let daemon = try await DaemonProcess(bus: bus, environment: environment)
        daemon.stop()
        let lines = daemon.process.log.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("<6>serving") })
        #expect(lines.allSatisfy { $0.first == "<" })
    }

    @Test func sighupReloadsTheSettingsAndABadFileKeepsTheOldOnes() async throws {
        let bus = try PrivateBus()
        let file = bus.directory.appending(path: "config.toml")
        try "[limits]\npendingPerApp = 1\n".write(to: file, atomically: true, encoding: .utf8)
        let daemon = try await DaemonProcess(bus: bus, arguments: ["--config", file.path])
        defer { daemon.stop() }
        let center = Proxy.usernotedCenter(on: try await bus.connect())
        func schedule(_ id: String) async throws {
            _ = try await center.call("Add", [.string(Scene.appID), .string(#"{"identifier":"\#(id)","content":{"title":"t"},"trigger":{"timeInterval":3600}}"#)])
        }
        try await schedule("a")
        await #expect { try await schedule("b") } throws: { ($0 as? DBusError)?.name.rawValue == "io.github.usernoted.Error.LimitExceeded" }

        try "[limits]\npendingPerApp = 5\n".write(to: file, atomically: true, encoding: .utf8)
        kill(daemon.process.pid, SIGHUP)
        try await daemon.process.waitForLog(containing: "settings reloaded")
        try await schedule("b")  // the new limit is in force

        try "[limits\n".write(to: file, atomically: true, encoding: .utf8)
        kill(daemon.process.pid, SIGHUP)
        try await daemon.process.waitForLog(containing: "settings not reloaded; the previous ones stay")
        try await schedule("c")  // still serving, still with the last good settings
        #expect(daemon.process.isRunning)
    }

    @Test func anIdleDaemonNeverWakes() async throws {
        let bus = try PrivateBus()
        let systemBus = try PrivateBus()  // a system bus without logind: the lock-state connection is dropped
        let server = try await FakeNotificationServer(bus: bus)
        let config = bus.directory.appending(path: "config.toml")
        try "[delivery]\nfirstRetrySeconds = 0.2\n".write(to: config, atomically: true, encoding: .utf8)
        var environment = bus.environment
        environment["DBUS_SYSTEM_BUS_ADDRESS"] = systemBus.address
        let daemon = try await DaemonProcess(bus: bus, environment: environment, arguments: ["--config", config.path])
        defer { daemon.stop() }
        let center = Proxy.usernotedCenter(on: try await bus.connect())
        // Work first: tasks, a timer, a program with a timeout, a handler that fails once (a
        // retry after a sleep), a request due tomorrow.
        let log = bus.directory.appending(path: "responses").path
        let script = try writeScript(bus.directory.appending(path: "on-response").path, """
            [ -e '\(log).failed' ] || { touch '\(log).failed'; exit 1; }
            echo "$USERNOTED_ACTION" >> '\(log)'
            """)
        _ = try await center.call("SetExecHandler", [.string(Scene.appID), [script].dbusValue])
        for (id, seconds) in [("soon", 1), ("tomorrow", 86_400)] {
            let request = #"{"identifier":"\#(id)","content":{"title":"\#(id)"},"trigger":{"timeInterval":\#(seconds)}}"#
            _ = try await center.call("Add", [.string(Scene.appID), .string(request)])
        }
        let shown = try await server.notifyCalls.next(within: .seconds(10), "the request due in a second")
        try await server.emitActionInvoked(id: shown.id, key: "default")
        _ = try await fileText(at: log, "the exec handler's line, after one failure") { $0 == "default\n" }

        // libdispatch lets a thread go after 5 s without work; after that nothing may run.
        try await Task.sleep(for: .seconds(8))
        let before = try ProcessProbe.threads(of: daemon.process.pid)
        try await Task.sleep(for: .seconds(3))
        let woke = ProcessProbe.wakeups(from: before, to: try ProcessProbe.threads(of: daemon.process.pid))
        #expect(woke.isEmpty, "threads that woke while idle: \(woke.map { "\($0.name) ×\($0.count)" })")
        #expect(try await center.call("GetPending", [.string(Scene.appID)]).first?.as(String.self)?.contains("tomorrow") == true)
    }

    @Test func aSystemBusThatNeverAnswersDoesNotHoldUpCalls() async throws {
        let bus = try PrivateBus()
        let hung = try ListeningSocket(at: bus.directory.appending(path: "system_bus_socket").path)
        var environment = bus.environment
        environment["DBUS_SYSTEM_BUS_ADDRESS"] = "unix:path=" + hung.path
        let daemon = try await DaemonProcess(bus: bus, environment: environment)
        defer { daemon.stop() }
        let center = Proxy.usernotedCenter(on: try await bus.connect())
        // Registering on that bus waits for libdbus's 25 s timeout; calls are answered meanwhile.
        for _ in 0..<5 {
            _ = try await withDeadline(.seconds(5), "GetCategories while the system bus hangs") {
                try await center.call("GetCategories", [.string(Scene.appID)])
            }
            try await Task.sleep(for: .milliseconds(200))
        }
    }
}
