import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MQTT
import UserNotificationsCore

/// `usernotectl remote send --broker URL (--device D | --user U) --app ID PAYLOAD.json`: publishes
/// a push (QoS 1) with APNs' headers as user properties, and prints its apns-id once the broker has it.
struct RemoteSend: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Publish a push to a desktop (--device) or to every desktop of a user (--user); print its apns-id.",
        discussion: """
            The payload is APNs JSON, as `usernotectl push` takes it. The apns-id printed (--id, else a new \
            one) is the `apnsId` of the answers (`usernotectl remote responses --for ID`).

            \(ExitStatus.help(.noInput))
            """)

    @OptionGroup var connection: BrokerOptions
    @Option var app: AppID

    @Option(help: ArgumentHelp("The desktop's device name (from its token).", valueName: "device"))
    var device: String?

    @Option(help: ArgumentHelp("The user: every desktop of theirs.", valueName: "user"))
    var user: String?

    @Option(help: ArgumentHelp("apns-id: the push's id (default: a new UUID).", valueName: "id"))
    var id: String?

    @Option(help: ArgumentHelp("apns-collapse-id: a push with the same one replaces it on screen.", valueName: "id"))
    var collapseID: String?

    @Option(help: ArgumentHelp("apns-expiration: UNIX time in seconds after which it is not shown.", valueName: "seconds"))
    var expiration: Int?

    @Option(help: ArgumentHelp("apns-priority: 10 or 5.", valueName: "priority"))
    var priority: Int?

    @Argument(help: ArgumentHelp("A JSON file, - for standard input, or the JSON itself.", valueName: "payload"),
              completion: .file(extensions: ["json"]))
    var payload: String

    func validate() throws {
        guard (device == nil) != (user == nil) else { throw ValidationError("give --device or --user (one of them)") }
    }

    func run() async throws {
        let json = try Arguments.json(from: payload)
        let scope = device.map { "devices/\($0)" } ?? "users/\(user!)"
        let topic = "usernoted/v1/\(scope)/apps/\(app.rawValue)"
        let pushID = id ?? UUID().uuidString.lowercased()
        var properties = [UserProperty("apns-id", pushID)]
        if let collapseID { properties.append(UserProperty("apns-collapse-id", collapseID)) }
        if let expiration { properties.append(UserProperty("apns-expiration", String(expiration))) }
        if let priority { properties.append(UserProperty("apns-priority", String(priority))) }
        let client = try await connection.connect(id: nil)
        guard let messageID = await client.publish(topic, payload: Array(json.utf8), userProperties: properties) else {
            await client.stop()
            throw Failure("the broker connection went before the push could be sent", status: .daemonError)
        }
        for await event in client.events {
            guard case .published(messageID, let code) = event else { continue }
            await client.stop()
            guard code < 0x80 else { throw Failure("the broker refused the push (reason code \(code); not allowed by its ACL?)", status: .daemonError) }
            return StandardStreams.printFlushed(pushID)
        }
        throw Failure("the broker connection went before it acknowledged the push", status: .daemonError)
    }
}
