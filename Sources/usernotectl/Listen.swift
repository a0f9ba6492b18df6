import ArgumentParser
import DBus
import UserNotificationsCore

/// `usernotectl listen [APP_ID] [--count N]`: prints one line of response JSON per response.
struct Listen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print each response (one JSON object per line) until interrupted.",
        discussion: "Watches the Response signal: for observing and scripts, not the reliable path (that is Handler1).")

    @OptionGroup var bus: BusOptions

    @ArgumentParser.Argument(help: ArgumentHelp("Only responses of this app.", valueName: "app-id"), transform: Arguments.appID)
    var app: AppID?

    @Option(help: ArgumentHelp("Exit after this many responses.", valueName: "n"))
    var count: Int?

    func validate() throws {
        if let count, count < 1 { throw ValidationError("--count must be at least 1") }
    }

    func run() async throws {
        try await bus.withCenter { center in
            let responses = try await center.responses(of: app)
            if try await !center.isRunning() {
                StandardStreams.writeError("usernotectl: usernoted is not running yet; waiting for it (\(Failure.startHint))")
            }
            StandardStreams.writeError("usernotectl: listening for responses\(app.map { " of \($0.rawValue)" } ?? "") (Ctrl-C to stop)")
            var received = 0
            for await message in responses {
                guard let response = ResponseSignal(body: message.body) else { continue }
                StandardStreams.printFlushed(response.line)
                received += 1
                if let count, received >= count { return }
            }
            throw DBusError(.disconnected, "the bus connection closed")
        }
    }
}
