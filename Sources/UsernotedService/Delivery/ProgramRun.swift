import Subprocess

#if canImport(System)
import System
#else
import SystemPackage
#endif

/// One run of a program the daemon starts for the user (an exec handler, a text prompt):
/// argv directly, no shell, in a session of its own, with no descriptor of the daemon's but
/// its standard streams (swift-subprocess closes the rest in the child); what it prints, up
/// to a limit (more is an error, and the program gets SIGPIPE); stopped at a deadline with
/// everything it started (SIGTERM to its process group, then SIGKILL two seconds later).
enum ProgramRun {
    /// How a run that ended in time ended.
    struct Outcome: Sendable {
        var status: TerminationStatus
        var output: String
    }

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
}
