import ArgumentParser
import UserNotificationsCore
import UsernotedAPI

/// `usernotectl handler remove --app ID`: the app has no handler any more (RemoveHandler).
struct RemoveHandler: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove an app's handler (a bus object or a program).",
        discussion: """
            Responses then wait in usernoted until the app registers a handler again (or, for an app \
            with a D-Bus activatable name, go to it by org.freedesktop.Application.ActivateAction).

            \(ExitStatus.help())
            """)

    @Option var app: AppID
    @Option(help: .address) var address: String?

    func run() async throws {
        try await CenterClient.with(address: address) { _ = try await $0.call(Center1.removeHandler, for: app) }
    }
}
