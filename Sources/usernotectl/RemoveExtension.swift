import ArgumentParser
import UserNotificationsCore
import UsernotedAPI

/// `usernotectl extension remove --app ID`: the app has no service extension any more (RemoveServiceExtension).
struct RemoveExtension: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove an app's notification service extension.",
        discussion: """
            The app's mutable-content notifications are then shown as they come.

            \(ExitStatus.help())
            """)

    @Option var app: AppID
    @Option(help: .address) var address: String?

    func run() async throws {
        try await CenterClient.with(address: address) { _ = try await $0.call(Center1.removeServiceExtension, for: app) }
    }
}
