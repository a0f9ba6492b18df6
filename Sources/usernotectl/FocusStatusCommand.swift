import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import UserNotificationsCore
import UsernotedAPI

/// `usernotectl focus status [--json]`: GetFocus.
struct FocusStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Say whether Focus holds notifications, what turned it on, and how many it holds.",
        discussion: """
            Text, e.g. `focus: on (usernoted, server) until 18:00; allowed: org.example.Chat; 3 held`. \
            With --json: GetFocus's reply (docs/focus.md).

            \(ExitStatus.help())
            """)

    @Flag(help: .json) var json = false
    @Option(help: .address) var address: String?

    func run() async throws {
        try await CenterClient.with(address: address) { center in
            let reply = try await center.proxy.call(Center1.getFocus)
            StandardStreams.printFlushed(json ? reply : try Self.describe(reply))
        }
    }

    /// A GetFocus reply in words, on one line.
    static func describe(_ json: String) throws -> String {
        let status = try ModelJSON.decodeFocusStatus(json)
        var parts = [status.active ? "focus: on (\(status.by.map(\.rawValue).joined(separator: ", ")))" : "focus: off"]
        if status.setting.on, let until = status.setting.until {
            parts[0] += " until " + LocalTime.text(until)
        }
        if !status.setting.allow.isEmpty { parts.append("allowed: " + status.setting.allow.map(\.rawValue).joined(separator: ", ")) }
        parts.append("\(status.held) held")
        return parts.joined(separator: "; ")
    }
}
