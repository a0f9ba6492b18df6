import ArgumentParser
import UserNotificationsCore
import UsernotedAPI

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

    @Option var app: AppID
    @Flag(help: .json) var json = false
    @Option(help: .address) var address: String?

    @Argument(help: ArgumentHelp("A JSON file, - for standard input, or the JSON itself.", valueName: "payload"),
              completion: .file(extensions: ["json"]))
    var payload: String

    func run() async throws {
        let body = try Arguments.json(from: payload)
        let id = try await CenterClient.with(address: address) { try await $0.call(Center1.postPayload, for: app, body) }
        Output.requestID(id, json: json)
    }
}
