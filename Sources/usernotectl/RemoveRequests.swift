import ArgumentParser

/// `usernotectl pending|delivered remove --app ID ID…`: removes the requests with these ids.
struct RemoveRequests<S: RequestStateCommand>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "remove", abstract: "Remove some of an app's \(S.things) by request id.",
            discussion: "Unknown ids are ignored.\n\n\(ExitStatus.help())")
    }

    @OptionGroup var target: AppOption
    @OptionGroup var bus: BusOptions

    @Argument(help: ArgumentHelp("Request ids.", valueName: "id"))
    var ids: [String]

    func run() async throws {
        try await bus.withCenter { _ = try await $0.call(S.state.remove, for: target.app, ids) }
    }
}
