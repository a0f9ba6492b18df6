import ArgumentParser
import UserNotificationsCore
import UsernotedAPI

/// `usernotectl add --app ID REQUEST.json|-`: posts or schedules a full request and prints its id.
struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Post or schedule a request given as JSON and print its id.",
        discussion: """
            The request is {"identifier"?, "content", "trigger"?}, with Apple's field names.

            \(ExitStatus.help(.noInput))
            """)

    @Option var app: AppID
    @Flag(help: .json) var json = false
    @Option(help: .address) var address: String?

    @Argument(help: ArgumentHelp("A JSON file, - for standard input, or the JSON itself.", valueName: "file"),
              completion: .file(extensions: ["json"]))
    var request: String

    func run() async throws {
        let body = try Arguments.json(from: request)
        let id = try await CenterClient.with(address: address) { try await $0.call(Center1.add, for: app, body) }
        Output.requestID(id, json: json)
    }
}
