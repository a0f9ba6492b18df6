import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MQTT
import UserNotificationsCore

/// `usernotectl remote responses --broker URL --app ID [--device D] [--for ID] [--wait-for N]`:
/// prints the answers desktops publish, one JSON per line, each once.
struct RemoteResponses: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "responses",
        abstract: "Print the answers to pushes that desktops publish, one JSON per line (each answer once).",
        discussion: """
            Answers of every desktop, or of one (--device). With --for, only answers to that push (its \
            apns-id); with --wait-for N, exit after N of them, or with 124 when --timeout passes first \
            (without --wait-for, --timeout is how long to listen). With --client-id, \
            the broker keeps the subscription between runs (a day), so no answer is missed between them.

            \(ExitStatus.help(.timedOut))
            """)

    @OptionGroup var connection: BrokerOptions
    @Option var app: AppID

    @Option(help: ArgumentHelp("Only this desktop's answers (default: every desktop's).", valueName: "device"))
    var device: String?

    @Option(name: .customLong("for"), help: ArgumentHelp("Only answers to the push with this apns-id.", valueName: "id"))
    var pushID: String?

    @Option(help: ArgumentHelp("Exit after this many answers.", valueName: "count"))
    var waitFor: Int?

    @Option(help: ArgumentHelp("Give up after this long (e.g. 90s, 5m): exit status 124.", valueName: "duration"))
    var timeout: String?

    @Option(help: ArgumentHelp("A client id of your own: a persistent session at the broker.", valueName: "id"))
    var clientID: String?

    func run() async throws {
        let seconds = try timeout.map { try Arguments.seconds($0, option: "--timeout") }
        let topic = "usernoted/v1/devices/\(device ?? "+")/apps/\(app.rawValue)/responses"
        let client = try await connection.connect(id: clientID, subscriptions: [topic])
        // The deadline ends the subscription, and so the loop below.
        let deadline = seconds.map { seconds in Task { try await Task.sleep(for: .seconds(seconds)); await client.stop() } }
        var seen: Set<String> = []
        for await event in client.events {
            guard case .message(let message) = event,
                  let answer = try? JSONDecoder().decode(PublishedAnswer.self, from: Data(message.payload))
            else { continue }
            if let pushID, answer.apnsId != pushID { continue }
            let id = answer.responseId ?? message.userProperty("response-id") ?? UUID().uuidString
            guard seen.insert(id).inserted else { continue }  // MQTT's at-least-once: a repeat
            StandardStreams.printFlushed(String(decoding: message.payload, as: UTF8.self))
            if let waitFor, seen.count >= waitFor { break }
        }
        deadline?.cancel()
        await client.stop()
        if let waitFor, seen.count < waitFor {
            throw Failure("\(seen.count) of \(waitFor) answers within \(timeout ?? "")", status: .timedOut)
        }
    }
}

/// What this command reads of a published answer (any JSON object; a field that is not a
/// string counts as absent).
private struct PublishedAnswer: Decodable {
    let apnsId: String?
    let responseId: String?

    enum CodingKeys: String, CodingKey { case apnsId, responseId }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        apnsId = try? container.decodeIfPresent(String.self, forKey: .apnsId)
        responseId = try? container.decodeIfPresent(String.self, forKey: .responseId)
    }
}
