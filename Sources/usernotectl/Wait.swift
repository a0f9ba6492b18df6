import ArgumentParser
import DBus
import UserNotificationsCore

/// `usernotectl wait --app ID [--request R] [--timeout T]`: prints the next response and exits.
struct Wait: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wait",
        abstract: "Wait for the next response of an app and print it.",
        discussion: """
            Prints the chosen action's identifier (default for a click on the body, dismiss for a close), \
            followed by a tab and the typed text for text-input actions; with --json, the whole response. \
            For scripts: answer=$(usernotectl wait --app org.example.Build --request "$id" --timeout 5m). \
            Start it before the user can answer: responses that came earlier are not replayed. \
            It subscribes to the Response signal; an app that must never miss one registers a handler.

            \(ExitStatus.help(.timedOut))
            """)

    @Option var app: AppID

    @Option(help: ArgumentHelp("Only a response to this request id.", valueName: "id"))
    var request: String?

    @Option(help: ArgumentHelp("Give up after this long (90s, 5m, 1h) and exit with status 124.", valueName: "duration"))
    var timeout: String?

    @Flag(name: .shortAndLong, help: "Say nothing on standard error while waiting.")
    var quiet = false

    @Flag(help: .json) var json = false
    @Option(help: .address) var address: String?

    func validate() throws {
        if let timeout, try Arguments.seconds(timeout, option: "--timeout") <= 0 {
            throw ValidationError("--timeout must be longer than 0s")
        }
    }

    func run() async throws {
        let limit = try timeout.map { try Arguments.seconds($0, option: "--timeout") }
        let response = try await CenterClient.with(address: address) { center -> ResponseSignal? in
            let subscription = try await ResponseSubscription.start(center, of: app, request: request, quiet: quiet)
            if !quiet {
                if !subscription.daemonWasRunning {
                    StandardStreams.writeError("usernotectl: usernoted is not running yet; waiting for it (\(Failure.startHint))")
                }
                StandardStreams.writeError(
                    "usernotectl: waiting for a response of \(app.rawValue)\(request.map { " to \($0)" } ?? "")")
            }
            return try await Self.first(of: subscription.responses, within: limit)
        }
        guard let response else {
            throw Failure("no response within \(timeout ?? "")", status: .timedOut)
        }
        StandardStreams.printFlushed(response.line(json: json, text: \.answerLine))
    }

    /// The first response in `responses`, or nil when `seconds` pass first.
    static func first(of responses: AsyncStream<ResponseSignal>, within seconds: Double?) async throws -> ResponseSignal? {
        try await withThrowingTaskGroup(of: ResponseSignal?.self) { group in
            group.addTask {
                for await response in responses { return response }
                throw DBusError(.disconnected, "the bus connection closed")
            }
            if let seconds {
                group.addTask {
                    try await Task.sleep(for: .milliseconds(Int64((seconds * 1000).rounded(.up))))
                    return nil
                }
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
    }
}
