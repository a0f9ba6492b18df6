import ArgumentParser

/// `usernotectl pending|delivered clear --app ID`: removes all of them.
struct ClearRequests<S: RequestStateCommand>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "clear", abstract: "Remove all of an app's \(S.things).", discussion: ExitStatus.help())
    }

    @OptionGroup var target: AppOption
    @OptionGroup var bus: BusOptions

    func run() async throws {
        try await bus.withCenter { _ = try await $0.call(S.state.removeAll, for: target.app) }
    }
}
