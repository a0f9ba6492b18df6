import ArgumentParser
import UserNotificationsCore

/// `usernotectl pending|delivered remove --app ID ID…`: removes the requests with these ids.
struct RemoveRequests<S: RequestStateCommand>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "remove", abstract: "Remove some of an app's \(S.things) by request id.",
            discussion: "Unknown ids are ignored.\n\n\(ExitStatus.help())")
    }

    @Option var app: AppID
    @Option(help: .address) var address: String?

    @Argument(help: ArgumentHelp("Request ids.", valueName: "id"))
    var ids: [String]

    func run() async throws {
        try await CenterClient.with(address: address) { _ = try await $0.call(S.state.remove, for: app, ids) }
    }
}
