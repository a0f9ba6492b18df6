import ArgumentParser
import UserNotificationsCore

/// `usernotectl categories set|get`: an app's notification categories.
struct Categories: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Register or show an app's notification categories.",
        subcommands: [SetCategories.self, GetCategories.self])
}

/// `usernotectl categories set APP_ID CATEGORIES_JSON|-`: replaces all categories of the app.
struct SetCategories: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Replace all categories of an app (a JSON array).")

    @OptionGroup var bus: BusOptions

    @Argument(help: ArgumentHelp("The app id.", valueName: "app-id"), transform: Arguments.appID)
    var app: AppID

    @Argument(help: ArgumentHelp("The categories JSON array, or - to read it from standard input.",
                                 valueName: "categories-json"))
    var categories: String

    func run() async throws {
        let json = Arguments.json(categories)
        try await bus.withCenter { try await $0.setCategories(app, json: json) }
    }
}

/// `usernotectl categories get APP_ID`: prints the app's categories as the daemon returns them.
struct GetCategories: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "get", abstract: "Print an app's categories as JSON.")

    @OptionGroup var bus: BusOptions

    @Argument(help: ArgumentHelp("The app id.", valueName: "app-id"), transform: Arguments.appID)
    var app: AppID

    func run() async throws {
        StandardStreams.printFlushed(try await bus.withCenter { try await $0.categories(app) })
    }
}
