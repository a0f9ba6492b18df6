import ArgumentParser
import UserNotificationsCore
import UsernotedAPI

/// `usernotectl focus on|off|status`: usernoted's own Focus (do not disturb).
struct Focus: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "focus",
        abstract: "Turn Focus (do not disturb) on or off, or see what holds notifications now.",
        discussion: """
            During Focus, active notifications are held and summarised, one notification per app, \
            when it ends; time-sensitive and critical ones, and those of allowed apps, are shown at once. \
            Schedules in config.toml and the notification server's own switch turn Focus on too (docs/focus.md).
            """,
        subcommands: [FocusOn.self, FocusOff.self, FocusStatusCommand.self])
}

/// `usernotectl focus off`: SetFocus with Focus off; what it held is summarised now.
struct FocusOff: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "off", abstract: "Turn your Focus off; what it held is summarised now.",
        discussion: "A schedule or the server's switch may still hold notifications: `usernotectl focus status` says.\n\n\(ExitStatus.help())")

    @Option(help: .address) var address: String?

    func run() async throws {
        try await CenterClient.with(address: address) { center in
            try await center.proxy.call(Center1.setFocus, ModelJSON.encode(FocusSetting(on: false)))
            StandardStreams.printFlushed(try FocusStatusCommand.describe(try await center.proxy.call(Center1.getFocus)))
        }
    }
}
