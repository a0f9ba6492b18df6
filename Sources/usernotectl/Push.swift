import ArgumentParser

/// `usernotectl push`: APNs-shaped payloads posted here (the default), and an app's device token.
struct Push: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Post an APNs-shaped payload (the default); print an app's device token for remote notifications.",
        subcommands: [PushPayload.self, PushToken.self],
        defaultSubcommand: PushPayload.self)
}
