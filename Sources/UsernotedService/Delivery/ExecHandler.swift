import Foundation
import Subprocess
import UserNotificationsCore

#if canImport(Glibc)
import Glibc
#endif

#if canImport(System)
import System
#else
import SystemPackage
#endif

/// Runs an app's exec handler for one response: argv directly (never a shell), the
/// response in `USERNOTED_*` variables and as JSON on standard input. Exit status 0
/// acknowledges; the first line it prints may be a disposition (`dismiss`, `keep`, `forward`).
enum ExecHandler {
    /// What the handler may print, at most.
    static let outputLimit = 64 * 1024
    /// Variables passed through from the daemon's own environment, so a handler can reach the
    /// desktop and the session bus; nothing else leaks in.
    static let passedThrough = [
        "PATH", "HOME", "USER", "LOGNAME", "LANG", "LC_ALL", "LC_MESSAGES", "DISPLAY", "WAYLAND_DISPLAY",
        "XDG_RUNTIME_DIR", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME",
        "DBUS_SESSION_BUS_ADDRESS",
    ]

    /// Whether `argv` can be run: a non-empty argv whose program is an executable file,
    /// given by absolute path or found in PATH. Returns what is wrong, or nil.
    static func problem(with argv: [String], environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let program = argv.first, !program.isEmpty else {
            return "argv is empty; give the program and its arguments, e.g. [\"/usr/local/bin/on-response\", \"--verbose\"]"
        }
        guard resolve(program, environment: environment) != nil else {
            return "argv[0] '\(program)' is not an executable file\(program.contains("/") ? "" : " in PATH"); give an absolute path to a program (no shell is used)"
        }
        return nil
    }

    /// Runs `argv` for `response`; returns the disposition it printed, or throws why it did not acknowledge.
    static func deliver(_ response: NotificationResponse, argv: [String], timeout: Duration) async throws -> String {
        guard let program = argv.first, let path = resolve(program, environment: ProcessInfo.processInfo.environment) else {
            throw ExecFailure("argv[0] '\(argv.first ?? "")' is no longer an executable file")
        }
        // Standard input is an unlinked file, not a pipe: a handler that never reads it costs nothing.
        let input = try standardInput(ModelJSON.encode(response))
        let result: ProgramRun.Outcome?
        do {
            result = try await ProgramRun.run(
                .path(FilePath(path)), arguments: Array(argv.dropFirst()), environment: .custom(environment(for: response)),
                input: input, outputLimit: outputLimit, timeout: timeout)
        } catch let error as SubprocessError where error.code == .outputLimitExceeded {
            throw ExecFailure("it printed more than \(outputLimit) bytes on standard output, where only a disposition is read")
        }
        guard let result else { throw ExecFailure("it ran longer than \(timeout) and was stopped") }
        guard case .exited(0) = result.status else { throw ExecFailure("it ended with \(result.status)") }
        return result.output.split(whereSeparator: { $0.isNewline }).first.map(String.init) ?? ""
    }

    /// A file holding `text`, already unlinked, positioned at its start.
    private static func standardInput(_ text: String) throws -> FileDescriptor {
        var template = Array((NSTemporaryDirectory() + "/usernoted-response-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw ExecFailure("cannot create its standard input: errno \(errno)") }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        let descriptor = FileDescriptor(rawValue: fd)
        do {
            _ = try descriptor.writeAll(Array(text.utf8))
            _ = try descriptor.seek(offset: 0, from: .start)
        } catch {
            try? descriptor.close()
            throw ExecFailure("cannot write its standard input: \(error)")
        }
        return descriptor
    }

    /// The handler's environment: the passed-through variables and the response's.
    static func environment(for response: NotificationResponse) -> [Environment.Key: String] {
        var values: [Environment.Key: String] = [:]
        let own = ProcessInfo.processInfo.environment
        for name in passedThrough { if let value = own[name] { values[Environment.Key(stringLiteral: name)] = value } }
        values["USERNOTED_APP_ID"] = response.appId.rawValue
        values["USERNOTED_REQUEST_ID"] = response.requestId
        values["USERNOTED_ACTION"] = response.actionIdentifier
        values["USERNOTED_USER_TEXT"] = response.userText ?? ""
        values["USERNOTED_CATEGORY"] = response.notification.content.categoryIdentifier
        values["USERNOTED_TITLE"] = response.notification.content.title
        values["USERNOTED_USER_INFO"] = ModelJSON.encode(response.notification.content.userInfo)
        return values
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

/// Why an exec handler did not acknowledge a response.
struct ExecFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
