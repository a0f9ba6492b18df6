import ArgumentParser
import EventLoop
import LoopExecutor

/// Talks to usernoted, the per-user notification daemon, over the session bus.
@main
struct Usernotectl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "usernotectl",
        abstract: "Post notifications, register categories and wait for responses through usernoted.",
        discussion: """
            Every command talks to usernoted (io.github.usernoted) on the session bus. Commands that \
            print data print readable text, or JSON with --json (one value per line).

            \(ExitStatus.help)
            """,
        subcommands: [
            Categories.self, Post.self, Schedule.self, Add.self, Push.self, Pending.self, Delivered.self,
            Wait.self, Monitor.self, Respond.self, Handler.self, Extension.self, Apps.self, Focus.self, Remote.self,
        ])

    /// The entry point, before any task exists: every task runs on the loop the bus connection
    /// runs on, on this thread, so that no other thread starts (libdispatch's worker pool made
    /// five threads for one `post`).
    static func main() {
        LoopThread.runShared {
            useLoopAsDefaultExecutor()
            Task.detached {
                await runCommand()
                exit()
            }
        }
    }

    /// Runs `command`, opened to its own type so that the cast to `AsyncParsableCommand` checks
    /// that type alone (cast as `any ParsableCommand`, the existential's type was checked first:
    /// one more conformance scan).
    private static func run<Command: ParsableCommand>(_ command: Command) async throws {
        if var command = command as? any AsyncParsableCommand {
            try await command.run()
        } else {
            var command = command
            try command.run()
        }
    }

    /// Runs the chosen subcommand; failures become one `usernotectl: …` line and an ``ExitStatus``.
    static func runCommand() async {
        do {
            try await run(try parseAsRoot())
        } catch {
            guard let failure = Failure(error) else { exit(withError: error) }
            StandardStreams.writeError(failure.line)
            exit(withError: ExitCode(failure.status.rawValue))
        }
    }
}
