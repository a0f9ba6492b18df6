import UsernotedAPI
import ArgumentParser

/// `usernotectl add --app ID REQUEST.json|-`: posts or schedules a full request and prints its id.
struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Post or schedule a request given as JSON and print its id.",
        discussion: """
            The request is {"identifier"?, "content", "trigger"?}, with Apple's field names.

            \(ExitStatus.help(.noInput))
            """)

    @OptionGroup var target: AppOption
    @OptionGroup var output: OutputOptions
    @OptionGroup var bus: BusOptions

    @Argument(help: ArgumentHelp("A JSON file, - for standard input, or the JSON itself.", valueName: "file"),
              completion: .file(extensions: ["json"]))
    var request: String

    func run() async throws {
        let json = try Arguments.json(from: request)
        let id = try await bus.withCenter { try await $0.call(Center1.add, for: target.app, json) }
        Output.requestID(id, json: output.json)
    }
}
