import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import UserNotificationsCore
import UsernotedAPI

/// `usernotectl focus on [--for DURATION | --until TIME] [--allow APP…]`: SetFocus.
struct FocusOn: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "on", abstract: "Turn Focus on: hold active notifications until it ends.",
        discussion: """
            Examples: focus on; focus on --for 2h; focus on --until 18:00; focus on --until 2026-12-01T09:00 \
            --allow org.example.Chat. A bare time is the next time the clock shows it; times are local.

            \(ExitStatus.help())
            """)

    @Option(name: .customLong("for"), help: ArgumentHelp("Turn itself off after this long (90m, 2h).", valueName: "duration"))
    var duration: String?

    @Option(help: ArgumentHelp("Turn itself off at this local time (18:00) or date and time (2026-12-01T09:00).", valueName: "time"))
    var until: String?

    @Option(help: ArgumentHelp("An app whose notifications are shown anyway (repeatable).", valueName: "app-id"),
            transform: Arguments.appID)
    var allow: [AppID] = []

    @Option(help: .address) var address: String?

    func validate() throws {
        if duration != nil, until != nil { throw ValidationError("give --for or --until, not both") }
        _ = try end(from: Date())
    }

    /// When Focus turns itself off, counted from `now`; nil: when turned off.
    func end(from now: Date) throws -> Date? {
        if let duration { return now.addingTimeInterval(try Arguments.seconds(duration, option: "--for")) }
        guard let until else { return nil }
        if !until.contains("T"), !until.contains(" ") {
            let parts = until.split(separator: ":").map { Int($0) }
            guard parts.count == 2, let hour = parts[0], let minute = parts[1], (0..<24).contains(hour), (0..<60).contains(minute),
                  let next = LocalTime.next(hour: hour, minute: minute, after: now)
            else { throw ValidationError("--until: '\(until)' is not a time such as 18:00 or a date and time such as 2026-12-01T09:00") }
            return next
        }
        let components = try TriggerOptions.dateTime(until)
        guard let date = LocalTime.date(components) else {
            throw ValidationError("--until: \(until) is beyond any date it can count to; give a time in the coming years")
        }
        guard date > now else {
            throw ValidationError("--until: \(until) has passed; give a time in the future")
        }
        return date
    }

    func run() async throws {
        let setting = FocusSetting(on: true, until: try end(from: Date()), allow: allow)
        try await CenterClient.with(address: address) { center in
            try await center.proxy.call(Center1.setFocus, ModelJSON.encode(setting))
            StandardStreams.printFlushed(try FocusStatusCommand.describe(try await center.proxy.call(Center1.getFocus)))
        }
    }
}
