import Subprocess

#if canImport(System)
import System
#else
import SystemPackage
#endif

/// One run of a program the daemon starts for the user (an exec handler, a text prompt):
/// argv directly, no shell; what it prints, up to a limit; stopped at a deadline (SIGTERM,
/// then SIGKILL two seconds later).
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
        options.teardownSequence = [.gracefulShutDown(allowedDurationToNextStep: .seconds(2))]
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
