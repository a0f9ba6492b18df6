import UsernotedAPI
import ArgumentParser

/// `usernotectl push [payload] --app ID PAYLOAD.json|-`: posts an APNs-shaped payload and prints the request id.
struct PushPayload: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "payload",
        abstract: "Post an APNs-shaped payload and print its request id.",
        discussion: """
            The payload is what a push server would send: {"aps": {"alert": {"title", "body"}, "category"}, …}; \
            keys beside "aps" become the userInfo.

            \(ExitStatus.help(.noInput))
            """)

    @OptionGroup var target: AppOption
    @OptionGroup var output: OutputOptions
    @OptionGroup var bus: BusOptions

    @Argument(help: ArgumentHelp("A JSON file, - for standard input, or the JSON itself.", valueName: "payload"),
              completion: .file(extensions: ["json"]))
    var payload: String

    func run() async throws {
        let json = try Arguments.json(from: payload)
        let id = try await bus.withCenter { try await $0.call(Center1.postPayload, for: target.app, json) }
        Output.requestID(id, json: output.json)
    }
}
