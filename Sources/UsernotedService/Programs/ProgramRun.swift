import Foundation
import Subprocess

#if canImport(Glibc)
import Glibc
#endif

#if canImport(System)
import System
#else
import SystemPackage
#endif

/// One run of a program the daemon starts for the user (an exec handler, a service extension,
/// a text prompt): argv directly, no shell, in a session of its own, with no descriptor of the
/// daemon's but its standard streams (swift-subprocess closes the rest in the child); what it
/// prints, up to a limit (more is an error, and the program gets SIGPIPE); stopped at a deadline
/// with everything it started (SIGTERM to its process group, then SIGKILL two seconds later).
/// The rules an app's programs share are here too: which argv can be run, and which of the
/// daemon's variables they see.
enum ProgramRun {
    /// How a run that ended in time ended.
    struct Outcome: Sendable {
        var status: TerminationStatus
        var output: String
    }

    /// Variables passed through from the daemon's own environment to an app's programs, so
    /// they can reach the desktop and the session bus; nothing else leaks in.
    static let passedThrough = [
        "PATH", "HOME", "USER", "LOGNAME", "LANG", "LC_ALL", "LC_MESSAGES", "DISPLAY", "WAYLAND_DISPLAY",
        "XDG_RUNTIME_DIR", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME",
        "DBUS_SESSION_BUS_ADDRESS",
    ]

    /// Runs `executable`; nil when it was still running at `timeout` and was stopped. With
    /// `input`, the program reads that descriptor (closed here once it started).
    static func run(
        _ executable: Executable, arguments: [String], environment: Environment, input: FileDescriptor? = nil,
        outputLimit: Int, timeout: Duration
    ) async throws -> Outcome? {
        var options = PlatformOptions()
        // Its own session and process group, so the teardown reaches its children and never the daemon.
        options.createSession = true
        options.teardownSequence = [.gracefulShutDown(toProcessGroup: true, allowedDurationToNextStep: .seconds(2))]
        let configuration = Configuration(
            executable: executable, arguments: Arguments(arguments), environment: environment, platformOptions: options)
        return try await withThrowingTaskGroup(of: Outcome?.self) { group in
            group.addTask {
                let run = if let input {
                    try await Subprocess.run(
                        configuration, input: .fileDescriptor(input, closeAfterSpawningProcess: true),
                        output: .string(limit: outputLimit), error: .discarded)
                } else {
                    try await Subprocess.run(configuration, output: .string(limit: outputLimit), error: .discarded)
                }
                return Outcome(status: run.terminationStatus, output: run.standardOutput)
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            let first = try await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    /// Runs an app's `argv` (an exec handler's, a service extension's) with `text` on standard
    /// input and the passed-through variables plus `variables`; throws a ``ProgramFailure``
    /// saying why it cannot start, printed too much, or (nil) ran past `timeout`.
    static func run(
        argv: [String], input text: String, variables: [String: String], outputLimit: Int, timeout: Duration
    ) async throws(ProgramFailure) -> Outcome? {
        let own = ProcessEnvironment.read()
        guard let program = argv.first, let path = resolve(program, environment: own) else {
            throw ProgramFailure("argv[0] '\(argv.first ?? "")' is no longer an executable file")
        }
        var environment: [Environment.Key: String] = [:]
        for name in passedThrough { if let value = own[name] { environment[Environment.Key(stringLiteral: name)] = value } }
        for (name, value) in variables { environment[Environment.Key(stringLiteral: name)] = value }
        // Standard input is an unlinked file, not a pipe: a program that never reads it costs nothing.
        let input = try standardInput(text)
        do {
            return try await run(
                .path(FilePath(path)), arguments: Array(argv.dropFirst()), environment: .custom(environment),
                input: input, outputLimit: outputLimit, timeout: timeout)
        } catch let error as SubprocessError where error.code == .outputLimitExceeded {
            throw ProgramFailure("it printed more than \(outputLimit) bytes on standard output")
        } catch {
            throw ProgramFailure("it could not be run: \(error)")
        }
    }

    /// Whether `argv` can be run: a non-empty argv whose program is an executable file,
    /// given by absolute path or found in PATH. Returns what is wrong, or nil.
    static func problem(with argv: [String], environment: [String: String] = ProcessEnvironment.read()) -> String? {
        guard let program = argv.first, !program.isEmpty else {
            return "argv is empty; give the program and its arguments, e.g. [\"/usr/local/bin/on-response\", \"--verbose\"]"
        }
        guard resolve(program, environment: environment) != nil else {
            return "argv[0] '\(program)' is not an executable file\(program.contains("/") ? "" : " in PATH"); give an absolute path to a program (no shell is used)"
        }
        return nil
    }

    /// A file holding `text`, already unlinked, positioned at its start.
    private static func standardInput(_ text: String) throws(ProgramFailure) -> FileDescriptor {
        var template = Array((NSTemporaryDirectory() + "/usernoted-input-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw ProgramFailure("cannot create its standard input: errno \(errno)") }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        let descriptor = FileDescriptor(rawValue: fd)
        do {
            _ = try descriptor.writeAll(Array(text.utf8))
            _ = try descriptor.seek(offset: 0, from: .start)
        } catch {
            try? descriptor.close()
            throw ProgramFailure("cannot write its standard input: \(error)")
        }
        return descriptor
    }

    private static func resolve(_ program: String, environment: [String: String]) -> String? {
        let candidates = program.contains("/")
            ? [program]
            : (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map { "\($0)/\(program)" }
        return candidates.first { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
                && FileManager.default.isExecutableFile(atPath: path)
        }
    }
}

/// Why an app's program (an exec handler, a service extension) did not do its part.
struct ProgramFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
