import ArgumentParser
import UserNotificationsCore

/// `usernotectl add APP_ID REQUEST_JSON|-`: posts a full request and prints its id.
struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Post a request given as JSON and print its id.")

    @OptionGroup var bus: BusOptions

    @Argument(help: ArgumentHelp("The app id.", valueName: "app-id"), transform: Arguments.appID)
    var app: AppID

    @Argument(help: ArgumentHelp("The request JSON ({\"identifier\"?, \"content\"}), or - to read it from standard input.",
                                 valueName: "request-json"))
    var request: String

    func run() async throws {
        let json = Arguments.json(request)
        let id = try await bus.withCenter { try await $0.add(app, json: json) }
        StandardStreams.printFlushed(id)
    }
}
