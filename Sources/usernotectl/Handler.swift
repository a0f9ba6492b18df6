import ArgumentParser

/// `usernotectl handler exec|remove`: who takes an app's responses.
struct Handler: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "handler",
        abstract: "Set or remove the handler that takes an app's responses.",
        subcommands: [ExecHandler.self, RemoveHandler.self])
}
