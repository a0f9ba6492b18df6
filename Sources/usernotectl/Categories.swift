import ArgumentParser

/// `usernotectl categories set|list`: an app's notification categories.
struct Categories: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "categories",
        abstract: "Register or list an app's notification categories.",
        subcommands: [SetCategories.self, ListCategories.self])
}
