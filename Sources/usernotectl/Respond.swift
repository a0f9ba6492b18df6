import UsernotedAPI
import ArgumentParser
import UserNotificationsCore

/// `usernotectl respond --primary [--app ID]`: answers the newest notification with its
/// primary action, as a watch's Double Tap does (RespondPrimary).
struct Respond: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "respond",
        abstract: "Answer the newest notification with its primary action.",
        discussion: """
            The primary action is the first action of the notification's category that is neither \
            destructive nor a text reply; a notification without one is answered as a click on its \
            body (default). The response reaches the app as if the user had chosen it. Prints the \
            app id, request id and action, tab-separated (or JSON with --json).

            \(ExitStatus.help())
            """)

    @Flag(help: "Choose the primary action (the first that is neither destructive nor a reply).")
    var primary = false

    @Option(help: ArgumentHelp("Only this app's newest notification.", valueName: "id"), transform: Arguments.appID)
    var app: AppID?

    @Flag(help: .json) var json = false
    @Option(help: .address) var address: String?

    func validate() throws {
        if !primary { throw ValidationError("give --primary: respond answers with the primary action") }
    }

    func run() async throws {
        let answered = try await CenterClient.with(address: address) { try await $0.proxy.call(Center1.respondPrimary, app?.rawValue ?? "") }
        let fields = ["appId": answered.appID, "requestId": answered.requestID, "actionIdentifier": answered.actionIdentifier]
        StandardStreams.printFlushed(json
            ? ModelJSON.encode(JSONValue.object(fields.mapValues { .string($0) }))
            : [answered.appID, answered.requestID, answered.actionIdentifier].joined(separator: "\t"))
    }
}
