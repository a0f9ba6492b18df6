import DBus
import Synchronization
import Foundation

/// A private `dbus-daemon` for one test: started on creation, stopped on `stop()` or deinit.
/// It never touches the user's session bus, and it has no service files but its own, so
/// nothing is auto-started behind a test's back.
public final class PrivateBus: Sendable {
    /// The bus address, for `Connection.open(address:)` and `DBUS_SESSION_BUS_ADDRESS`.
    public let address: String
    /// A scratch directory that lives as long as the bus (sockets, service files, state).
    public let directory: URL
    /// Where D-Bus activation files go.
    public var servicesDirectory: URL { directory.appending(path: "services") }
    private let process: ManagedProcess

    /// Starts a bus and waits until it prints its address; `serviceDirectories` are searched
    /// for D-Bus activation files besides its own.
    public init(serviceDirectories: [URL] = []) throws {
        directory = try TemporaryDirectory.make(prefix: "usernoted-bus")
        try FileManager.default.createDirectory(
            at: directory.appending(path: "services"), withIntermediateDirectories: true)
        let config = directory.appending(path: "bus.conf")
        try Self.configuration(directory: directory, serviceDirectories: serviceDirectories)
            .write(to: config, atomically: true, encoding: .utf8)
        let (process, firstLine) = try ManagedProcess.start(
            "dbus-daemon", ["--config-file=\(config.path)", "--nofork", "--nopidfile", "--print-address=1"],
            readFirstLine: true)
        self.process = process
        guard let firstLine, !firstLine.isEmpty else {
            process.stop()
            throw TestSupportError("dbus-daemon did not print its address")
        }
        address = firstLine
    }

    deinit { stop() }

    /// Stops the bus; every connection to it sees a disconnect.
    public func stop() {
        process.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// A new connection to this bus.
    public func connect() async throws -> Connection { try await Connection.open(address: address) }

    /// A system bus address where nothing listens, so nothing in a test reads the machine's
    /// logind (and usernoted, which refuses to serve the system bus, sees two buses).
    public var noSystemBus: String { "unix:path=\(directory.path)/no-system-bus" }

    /// The environment a child process needs to use this bus as its session bus, with
    /// ``noSystemBus`` as its system bus.
    public var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = address
        env["DBUS_SYSTEM_BUS_ADDRESS"] = noSystemBus
        return env
    }

    private static func configuration(directory: URL, serviceDirectories: [URL]) -> String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:path=\(directory.path)/bus</listen>
          <servicedir>\(directory.path)/services</servicedir>
          \(serviceDirectories.map { "<servicedir>\($0.path)</servicedir>" }.joined(separator: "\n  "))
          <limit name="max_replies_per_connection">50000</limit>
          <limit name="max_match_rules_per_connection">50000</limit>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
            <!-- Programs of other users may connect, so tests can show they are refused. -->
            <allow user="*"/>
          </policy>
        </busconfig>
        """
    }
}

extension PrivateBus {
    /// Starts `executable` and returns it once `name` has an owner on this bus (it, or what
    /// it starts); its log is in the error when that takes longer than `timeout`.
    public func start(
        _ executable: String, _ arguments: [String], environment: [String: String], owning name: String,
        within timeout: Duration = .seconds(10)
    ) async throws -> ManagedProcess {
        let watcher = try await connect()
        defer { watcher.close() }
        let changes = try await watcher.nameOwnerChanges(of: name)
        let (process, _) = try ManagedProcess.start(executable, arguments, environment: environment)
        do {
            _ = try await withDeadline(timeout, "\(executable) owning \(name)") {
                for await change in changes where !change.newOwner.isEmpty { return true }
                return false
            }
        } catch {
            throw TestSupportError("\(error); its log: \(process.log.suffix(2000))")
        }
        return process
    }
}

/// A failure of the test harness itself.
public struct TestSupportError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Fresh scratch directories, all in one directory of the process's that is removed when it
/// exits: a test run leaves nothing behind in the system's temporary directory (one that
/// crashes leaves that one directory).
public enum TemporaryDirectory {
    /// The process that made ``root``, the only one to remove it.
    private static let owner = getpid()

    /// The process's directory, `usernoted-tests-XXXXXX` (made by `mkdtemp`, so no other user
    /// can have made it first) in the system's temporary directory, made at first use; others
    /// may pass through it (tests run programs as another user).
    public static let root: URL = {
        let template = FileManager.default.temporaryDirectory.appending(path: "usernoted-tests-XXXXXX").path
        var name = Array(template.utf8CString)
        guard mkdtemp(&name) != nil, chmod(name, 0o755) == 0 else {
            fatalError("cannot make the tests' scratch directory \(template): errno \(errno)")
        }
        _ = owner  // taken now: read first in the handler, it would be the exiting process's
        atexit {
            // Only by the process that made it (a child forked without exec would run this too).
            guard getpid() == TemporaryDirectory.owner else { return }
            try? FileManager.default.removeItem(at: TemporaryDirectory.root)
        }
        return URL(filePath: String(decoding: name.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self), directoryHint: .isDirectory)
    }()

    /// Creates a new, empty directory.
    public static func make(prefix: String) throws -> URL {
        let url = root.appending(path: "\(prefix)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
