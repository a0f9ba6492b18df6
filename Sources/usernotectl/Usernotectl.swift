import ArgumentParser

/// Talks to usernoted, the per-user notification daemon, over the session bus.
@main
struct Usernotectl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "usernotectl",
        abstract: "Post notifications, register categories and watch responses through usernoted.",
        subcommands: [Post.self, Add.self, Categories.self, Delivered.self, RemoveDelivered.self, Listen.self])

    /// Runs the chosen subcommand; D-Bus and model errors become one `usernotectl: …` line and exit code 1.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            guard let line = Failure.message(for: error) else { exit(withError: error) }
            StandardStreams.writeError(line)
            exit(withError: ExitCode.failure)
        }
    }
}
