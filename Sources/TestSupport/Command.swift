import Foundation

/// What a finished command printed and how it ended.
public struct CommandResult: Sendable {
    public var status: Int32
    public var output: String
    public var errors: String
    /// Whether it exited with status 0.
    public var succeeded: Bool { status == 0 }
}

/// Runs short commands to completion, as a user would from a shell.
public enum Command {
    /// Runs `executable` with `arguments` and returns its exit status and output.
    @discardableResult
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, input: String? = nil
    ) throws -> CommandResult {
        let scratch = try TemporaryDirectory.make(prefix: "usernoted-cmd")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appending(path: "out")
        let inFile = scratch.appending(path: "in")
        try (input ?? "").write(to: inFile, atomically: true, encoding: .utf8)
        let (process, _) = try ManagedProcess.start(
            executable, arguments, environment: environment, standardInput: inFile, standardOutput: out)
        let status = process.wait()
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return CommandResult(
            status: exit, output: (try? String(contentsOf: out, encoding: .utf8)) ?? "", errors: process.log)
    }

    /// ``run(_:_:environment:input:)`` on a thread of its own, for async tests: waiting for
    /// the command never holds one of the few threads an in-process daemon needs to answer it.
    public static func runInBackground(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, input: String? = nil
    ) async throws -> CommandResult {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try run(executable, arguments, environment: environment, input: input) })
            }
        }
    }
}
