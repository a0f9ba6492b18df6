import ArgumentParser
import DBus
import UserNotificationsCore

/// `usernotectl monitor [--app ID] [--count N]`: prints one line per response until interrupted.
struct Monitor: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monitor",
        abstract: "Print each response, one per line, until interrupted.",
        discussion: """
            Text: app id, request id, action identifier and the typed text, tab-separated; with --json, \
            the response JSON. Subscribes to the Response signal (again whenever usernoted restarts): for \
            observing and scripts, not the reliable path (that is a handler).

            \(ExitStatus.help())
            """)

    @Option(help: ArgumentHelp("Only responses of this app.", valueName: "id"), transform: Arguments.appID)
    var app: AppID?

    @Option(help: ArgumentHelp("Exit after this many responses.", valueName: "n"))
    var count: Int?

    @Flag(help: .json) var json = false
    @Option(help: .address) var address: String?

    func validate() throws {
        if let count, count < 1 { throw ValidationError("--count must be at least 1") }
    }

    func run() async throws {
        try await CenterClient.with(address: address) { center in
            let subscription = try await ResponseSubscription.start(center, of: app)
            if !subscription.daemonWasRunning {
                StandardStreams.writeError("usernotectl: usernoted is not running yet; waiting for it (\(Failure.startHint))")
            }
            StandardStreams.writeError("usernotectl: monitoring responses\(app.map { " of \($0.rawValue)" } ?? "") (Ctrl-C to stop)")
            var received = 0
            for await response in subscription.responses {
                StandardStreams.printFlushed(response.line(json: json, text: \.monitorLine))
                received += 1
                if let count, received >= count { return }
            }
            throw DBusError(.disconnected, "the bus connection closed")
        }
    }
}
