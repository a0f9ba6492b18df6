import ArgumentParser
import UserNotificationsCore
import UsernotedAPI

/// `usernotectl apps list`: every app that posted or was set, its settings and what it has now.
struct ListApps: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List every app that posted, with its settings and counts.",
        discussion: """
            Text: one app per line: its app id, its authorization (authorized, denied, provisional), \
            the settings that are off, and how many of its notifications are delivered (on screen, or held \
            back by Focus, a summary or their level) and scheduled. \
            With --json: one object keyed by app id, each app's settings (GetSettings with an empty app id).

            \(ExitStatus.help())
            """)

    @Flag(help: .json) var json = false
    @Option(help: .address) var address: String?

    func run() async throws {
        try await CenterClient.with(address: address) { center in
            let reply = try await center.proxy.call(Center1.getSettings, "")
            if json { return StandardStreams.printFlushed(reply) }
            let apps = try ModelJSON.decodeAllSettings(reply)
            if apps.isEmpty { return StandardStreams.printFlushed("no app has posted yet") }
            var rows: [[String]] = []
            for (name, settings) in apps.sorted(by: { $0.key < $1.key }) {
                let app = try Arguments.appID(name)
                let delivered = try ModelJSON.decodeRequests(try await center.call(Center1.getDelivered, for: app)).count
                let pending = try ModelJSON.decodeRequests(try await center.call(Center1.getPending, for: app)).count
                rows.append([name, settings.authorizationStatus.rawValue, Self.describe(settings),
                             "\(delivered) delivered, \(pending) scheduled"])
            }
            Output.table(rows)
        }
    }

    /// What differs from the defaults, e.g. `no sound, previews never`; `defaults` when nothing does.
    static func describe(_ settings: AppSettings) -> String {
        let switches: [(String, Bool, Bool)] = [
            ("alert", settings.alert, true), ("sound", settings.sound, true), ("badge", settings.badge, true),
            ("lock screen", settings.lockScreen, true), ("time-sensitive", settings.timeSensitive, true),
            ("critical", settings.criticalAlert, true), ("summary", settings.summary, false),
        ]
        var parts = switches.filter { $0.1 != $0.2 }.map { $0.1 ? $0.0 : "no \($0.0)" }
        if settings.showPreviews != AppSettings().showPreviews { parts.append("previews \(settings.showPreviews.rawValue)") }
        if let domain = settings.textDomain { parts.append("text domain \(domain)") }
        if let directory = settings.localeDirectory { parts.append("locale dir \(directory)") }
        return parts.isEmpty ? "defaults" : parts.joined(separator: ", ")
    }
}
