import UsernotedAPI
import ArgumentParser

/// `usernotectl handler remove --app ID`: the app has no handler any more (RemoveHandler).
struct RemoveHandler: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove an app's handler (a bus object or a program).",
        discussion: """
            Responses then wait in usernoted until the app registers a handler again (or, for an app \
            with a D-Bus activatable name, go to it by org.freedesktop.Application.ActivateAction).

            \(ExitStatus.help())
            """)

    @OptionGroup var target: AppOption
    @OptionGroup var bus: BusOptions

    func run() async throws {
        try await bus.withCenter { _ = try await $0.call(Center1.removeHandler, for: target.app) }
    }
}
