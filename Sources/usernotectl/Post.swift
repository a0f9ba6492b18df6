import ArgumentParser
import UserNotificationsCore

/// `usernotectl post APP_ID TITLE [BODY] …`: shows a notification now and prints its request id.
struct Post: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Post a notification now and print its request id.",
        discussion: "Uses Post when only a category, title and body are given, else Add with a full request.")

    @OptionGroup var bus: BusOptions

    @Argument(help: ArgumentHelp("The app id, e.g. org.example.Calendar.", valueName: "app-id"), transform: Arguments.appID)
    var app: AppID

    @Argument(help: "The headline.")
    var title: String

    @Argument(help: "The message text.")
    var body: String = ""

    @Option(help: ArgumentHelp("A registered category whose actions to show.", valueName: "id"))
    var category: String = ""

    @Option(help: ArgumentHelp("App data as a JSON object, returned in every response.", valueName: "json"),
            transform: Arguments.userInfo)
    var userInfo: [String: JSONValue]?

    @Option(help: ArgumentHelp("The request identifier; posting it again replaces the notification.", valueName: "id"))
    var id: String?

    @Option(help: ArgumentHelp("A sound name from the freedesktop sound theme, or 'default'.", valueName: "name"))
    var sound: String?

    @Option(help: ArgumentHelp("How urgently to interrupt.", valueName: "level"))
    var level: InterruptionLevel?

    /// The request the arguments describe.
    var request: PostRequest {
        PostRequest(title: title, body: body, category: category, userInfo: userInfo, identifier: id, sound: sound, level: level)
    }

    func run() async throws {
        let id = try await bus.withCenter { try await $0.send(request.call, for: app) }
        StandardStreams.printFlushed(id)
    }
}
