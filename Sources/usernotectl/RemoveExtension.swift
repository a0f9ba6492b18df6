import UsernotedAPI
import ArgumentParser

/// `usernotectl extension remove --app ID`: the app has no service extension any more (RemoveServiceExtension).
struct RemoveExtension: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove an app's notification service extension.",
        discussion: """
            The app's mutable-content notifications are then shown as they come.

            \(ExitStatus.help())
            """)

    @OptionGroup var target: AppOption
    @OptionGroup var bus: BusOptions

    func run() async throws {
        try await bus.withCenter { _ = try await $0.call(Center1.removeServiceExtension, for: target.app) }
    }
}
