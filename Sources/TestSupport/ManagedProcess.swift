import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A child process a test started and must stop: killed on `stop()` or deinit.
///
/// Spawned with `posix_spawn` and an empty signal mask: Foundation's `Process` passes on
/// the test thread's blocked signals, and a child that cannot see SIGTERM cannot be
/// asked to stop.
public final class ManagedProcess: Sendable {
    /// The process id.
    public let pid: pid_t
    /// Where its standard error goes, for failure messages.
    public let logFile: URL
    /// Its wait status, once reaped.
    private let status = Mutex<Int32?>(nil)

    private init(pid: pid_t, logFile: URL) {
        self.pid = pid
        self.logFile = logFile
    }

    /// Starts `executable` (a path, or a name looked up in PATH); with `readFirstLine`,
    /// waits for and returns the first line it prints on standard output.
    public static func start(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        readFirstLine: Bool = false, standardInput: URL? = nil, standardOutput: URL? = nil
    ) throws -> (ManagedProcess, String?) {
        let path = executable.contains("/") ? executable : try which(executable)
        let logFile = TemporaryDirectory.root.appending(path: "usernoted-test-\(UUID().uuidString.prefix(8)).log")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var output: [Int32] = [-1, -1]
        posix_spawn_file_actions_addopen(&actions, 0, standardInput?.path ?? "/dev/null", O_RDONLY, 0)
        if readFirstLine {
            guard pipe(&output) == 0 else { throw TestSupportError("pipe failed") }
            posix_spawn_file_actions_adddup2(&actions, output[1], 1)
            posix_spawn_file_actions_addclose(&actions, output[0])
            posix_spawn_file_actions_addclose(&actions, output[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, (standardOutput ?? logFile).path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        }
        posix_spawn_file_actions_addopen(&actions, 2, logFile.path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let env = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { env.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, env)
        guard status == 0 else { throw TestSupportError("cannot start \(path): \(String(cString: strerror(status)))") }
        let process = ManagedProcess(pid: pid, logFile: logFile)
        guard readFirstLine else { return (process, nil) }
        close(output[1])
        defer { close(output[0]) }
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(output[0], &byte, 1) == 1, byte != 0x0A { line.append(byte) }
        return (process, String(decoding: line, as: UTF8.self))
    }

    /// Whether it still runs (a zombie counts as stopped).
    public var isRunning: Bool { waitStatus == nil }

    /// Its wait status if it has exited (reaped now if it just did), nil while it runs.
    public var waitStatus: Int32? {
        status.withLock { reaped in
            var status: Int32 = 0
            if reaped == nil, waitpid(pid, &status, WNOHANG) == pid { reaped = status }
            return reaped
        }
    }

    /// The signal that ended it, if one did (it crashed, or was killed).
    public var endingSignal: Int32? {
        guard let status = waitStatus, (status & 0x7f) != 0, (status & 0x7f) != 0x7f else { return nil }
        return status & 0x7f
    }

    /// What it wrote on standard error so far.
    public var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    /// Waits until it has written `text` on standard error; fails if it exits first.
    public func waitForLog(containing text: String, within timeout: Duration = .seconds(10)) async throws {
        _ = try await withDeadline(timeout, "\(logFile.lastPathComponent) saying \(text)") {
            while !self.log.contains(text) {
                guard self.isRunning else { throw TestSupportError("it exited without saying \(text): \(self.log)") }
                try await Task.sleep(for: .milliseconds(20))
            }
            return true
        }
    }

    /// Sends `signal` (SIGTERM by default), waits up to `grace` for it to exit, then kills
    /// it, and reaps it. Returns its wait status.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM, grace: Duration = .seconds(2)) -> Int32? {
        status.withLock { reaped -> Int32? in
            guard reaped == nil else { return nil }
            kill(pid, signal)
            let deadline = ContinuousClock.now + grace
            var status: Int32 = 0
            while waitpid(pid, &status, WNOHANG) == 0 {
                if ContinuousClock.now > deadline { kill(pid, SIGKILL) }
                usleep(2_000)
            }
            reaped = status
            return status
        }
    }

    /// Waits for it to exit by itself; returns its wait status.
    public func wait() -> Int32 {
        status.withLock { reaped in
            var status: Int32 = 0
            if reaped == nil { waitpid(pid, &status, 0) }
            reaped = reaped ?? status
            return reaped!
        }
    }

    /// Waits up to `timeout` for it to exit by itself and returns its exit status (128 +
    /// the signal when one ended it); at the deadline it is killed and the wait fails.
    public func exitStatus(within timeout: Duration = .seconds(10)) async throws -> Int32 {
        let statuses = Inbox<Int32>()
        Thread.detachNewThread { statuses.put(self.wait()) }
        do {
            let status = try await statuses.next(within: timeout, "\(logFile.lastPathComponent) exiting")
            return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        } catch {
            kill(pid, SIGKILL)
            throw error
        }
    }

    deinit {
        stop(signal: SIGKILL)
        try? FileManager.default.removeItem(at: logFile)
    }

    /// The full path of a program found in PATH.
    public static func which(_ name: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw TestSupportError("\(name) is not installed (not found in PATH); run scripts/test, which installs it")
    }
}
