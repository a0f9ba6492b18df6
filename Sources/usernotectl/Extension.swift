import ArgumentParser

/// `usernotectl extension set|remove`: the program that changes an app's `mutable-content` notifications.
struct Extension: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extension",
        abstract: "Set or remove an app's notification service extension.",
        subcommands: [SetExtension.self, RemoveExtension.self])
}
