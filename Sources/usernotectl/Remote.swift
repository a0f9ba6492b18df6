import ArgumentParser

/// `usernotectl remote send|responses`: the provider's side of remote notifications, over MQTT.
struct Remote: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remote",
        abstract: "Send pushes to desktops through an MQTT broker, and read their answers (the server's side).",
        subcommands: [RemoteSend.self, RemoteResponses.self])
}
