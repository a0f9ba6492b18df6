import ArgumentParser
import UserNotificationsCore

/// `usernotectl pending|delivered clear --app ID`: removes all of them.
struct ClearRequests<S: RequestStateCommand>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "clear", abstract: "Remove all of an app's \(S.things).", discussion: ExitStatus.help())
    }

    @Option var app: AppID
    @Option(help: .address) var address: String?

    func run() async throws {
        try await CenterClient.with(address: address) { _ = try await $0.call(S.state.removeAll, for: app) }
    }
}
