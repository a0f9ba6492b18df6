import ArgumentParser
import UserNotificationsCore
import UsernotedAPI

/// `usernotectl push token --app ID`: the app's device token, the MQTT topic a server publishes pushes to.
struct PushToken: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Print the app's device token: the MQTT topic a server publishes its pushes to.",
        discussion: "Remote notifications must be on ([push] broker in usernoted's config.toml).\n\n\(ExitStatus.help)")

    @Option var app: AppID
    @Option(help: .address) var address: String?

    func run() async throws {
        let token = try await CenterClient.with(address: address) { try await $0.call(Center1.getPushToken, for: app) }
        StandardStreams.printFlushed(token)
    }
}
