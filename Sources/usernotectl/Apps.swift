import ArgumentParser

/// `usernotectl apps list|set`: the user's per-app settings.
struct Apps: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apps",
        abstract: "List the apps that posted, with their settings; change an app's settings.",
        subcommands: [ListApps.self, SetAppSettings.self])
}
