import ArgumentParser
import UserNotificationsCore

/// `usernotectl schedule --app ID (--in|--at|--every|--calendar) [options] TITLE [BODY]`: a request with a trigger.
struct Schedule: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule",
        abstract: "Schedule a notification and print its request id.",
        discussion: """
            Give exactly one of --in, --at, --every or --calendar. Dates and times are the user's local time. \
            Examples: --in 90s; --at 2026-12-01T09:00; --every 1h; --calendar 'weekday=mon,hour=9,minute=30' --repeat. \
            Repeating intervals must be at least 60 seconds.

            \(ExitStatus.help())
            """)

    @Option var app: AppID
    @OptionGroup var when: TriggerOptions
    @OptionGroup var content: ContentOptions
    @Flag(help: .json) var json = false
    @Option(help: .address) var address: String?

    func run() async throws {
        var request = try content.postRequest()
        request.trigger = try when.trigger()
        let call = request.call
        let id = try await CenterClient.with(address: address) { try await $0.send(call, for: app) }
        Output.requestID(id, json: json)
    }
}
