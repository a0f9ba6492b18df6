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
            the response JSON. Watches the Response signal: for observing and scripts, not the reliable \
            path (that is a handler).

            \(ExitStatus.help())
            """)

    @Option(help: ArgumentHelp("Only responses of this app.", valueName: "id"), transform: Arguments.appID)
    var app: AppID?

    @Option(help: ArgumentHelp("Exit after this many responses.", valueName: "n"))
    var count: Int?

    @OptionGroup var output: OutputOptions
    @OptionGroup var bus: BusOptions

    func validate() throws {
        if let count, count < 1 { throw ValidationError("--count must be at least 1") }
    }

    func run() async throws {
        try await bus.withCenter { center in
            let responses = try await center.responses(of: app)
            if try await !center.isRunning() {
                StandardStreams.writeError("usernotectl: usernoted is not running yet; waiting for it (\(Failure.startHint))")
            }
            StandardStreams.writeError("usernotectl: monitoring responses\(app.map { " of \($0.rawValue)" } ?? "") (Ctrl-C to stop)")
            var received = 0
            for await message in responses {
                guard let response = ResponseSignal(message) else { continue }
                StandardStreams.printFlushed(response.line(json: output.json, text: \.monitorLine))
                received += 1
                if let count, received >= count { return }
            }
            throw DBusError(.disconnected, "the bus connection closed")
        }
    }
}
