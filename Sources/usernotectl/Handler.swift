import ArgumentParser

/// `usernotectl handler exec`: who takes an app's responses.
struct Handler: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Set the handler that takes an app's responses.",
        subcommands: [ExecHandler.self])
}
