import ArgumentParser
import UserNotificationsCore

/// `usernotectl pending|delivered list --app ID`: one line per request, or the daemon's JSON.
struct ListRequests<S: RequestStateCommand>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "list", abstract: "List an app's \(S.things).",
            discussion: "Text: one request per line: identifier, \(S.state == .pending ? "when it fires" : "category"), title.\n\n\(ExitStatus.help())")
    }

    @Option var app: AppID
    @Flag(help: .json) var json = false
    @Option(help: .address) var address: String?

    func run() async throws {
        let reply = try await CenterClient.with(address: address) { try await $0.call(S.state.list, for: app) }
        if json { return StandardStreams.printFlushed(reply) }
        let requests = try ModelJSON.decodeRequests(reply)
        if requests.isEmpty { return StandardStreams.printFlushed("\(app.rawValue) has no \(S.things)") }
        Output.table(requests.map { request in
            let middle = S.state == .pending
                ? request.trigger.map(Self.describe) ?? "now"
                : request.content.categoryIdentifier.isEmpty ? "-" : request.content.categoryIdentifier
            return [request.identifier, middle, Output.oneLine(request.content.title)]
        })
    }

    /// A trigger in `schedule`'s words: `in 1m30s`, `every 1h`, `at hour=9,minute=0`, `every hour=9,minute=0`.
    static func describe(_ trigger: NotificationTrigger) -> String {
        switch trigger {
        case let .timeInterval(seconds, repeats):
            return (repeats ? "every " : "in ") + Output.duration(seconds)
        case let .calendar(components, repeats):
            let fields: [(String, Int?)] = [
                ("year", components.year), ("month", components.month), ("day", components.day),
                ("weekday", components.weekday), ("hour", components.hour), ("minute", components.minute),
                ("second", components.second),
            ]
            let text = fields.compactMap { name, value in value.map { "\(name)=\($0)" } }.joined(separator: ",")
            return (repeats ? "every " : "at ") + text
        }
    }
}
