import ArgumentParser
import UserNotificationsCore
import UsernotedAPI

/// `usernotectl categories set --app ID FILE.json|-`: replaces all categories of the app.
struct SetCategories: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Replace all categories of an app with a JSON array.",
        discussion: """
            FILE holds a JSON array of categories, e.g. \
            [{"identifier":"MEETING_INVITATION","actions":[{"identifier":"ACCEPT_ACTION","title":"Accept"}]}]. \
            An empty array [] removes them all. A category may name its "minimalActions" (at most 2, \
            for servers that show few buttons) and a text-input action its "suggestions" (ready answers, \
            each a button answering with its text).

            \(ExitStatus.help(.noInput))
            """)

    @Option var app: AppID
    @Option(help: .address) var address: String?

    @Argument(help: ArgumentHelp("A JSON file, - for standard input, or the JSON itself.", valueName: "file"),
              completion: .file(extensions: ["json"]))
    var categories: String

    func run() async throws {
        let json = try Arguments.json(from: categories)
        try await CenterClient.with(address: address) { _ = try await $0.call(Center1.setCategories, for: app, json) }
    }
}
