import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MQTT

/// `--broker URL` and the credentials and TLS files for it: how `remote` commands reach the broker.
struct BrokerOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The broker: mqtt://host:port or mqtts://host:port.", valueName: "url"))
    var broker: String

    @Option(help: ArgumentHelp("The CA certificate to verify an mqtts:// broker with (default: the system's).", valueName: "file"))
    var caFile: String?

    @Option(help: ArgumentHelp("A client certificate, with --key-file.", valueName: "file"))
    var certFile: String?

    @Option(help: ArgumentHelp("The client certificate's key.", valueName: "file"))
    var keyFile: String?

    @Option(help: ArgumentHelp("The username at the broker.", valueName: "name"))
    var username: String?

    @Option(help: ArgumentHelp("A file whose first line is the password.", valueName: "file"))
    var passwordFile: String?

    /// A connected client with `id` (random when nil: a session of its own), subscribed to `subscriptions`.
    func connect(id: String?, subscriptions: [String] = []) async throws -> Client {
        guard let address = BrokerAddress(url: broker) else {
            throw ValidationError("--broker: '\(broker)' is not mqtt://host:port or mqtts://host:port")
        }
        var options = ClientOptions(
            broker: address, clientID: id ?? "usernotectl-\(UUID().uuidString.prefix(12).lowercased())",
            cleanStart: id == nil, sessionExpirySeconds: id == nil ? 0 : 86_400, subscriptions: subscriptions)
        options.caFile = caFile
        options.certFile = certFile
        options.keyFile = keyFile
        options.username = username
        if let passwordFile {
            options.password = String(try StandardStreams.readFile(passwordFile).split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
        }
        let client: Client
        do { client = try Client(options) } catch { throw Failure(error.message, status: .daemonError) }
        client.start()
        for await event in client.events {
            switch event {
            case .connected:
                if subscriptions.isEmpty { return client }
            case .subscribed(let granted):
                guard granted.allSatisfy({ $0 < 0x80 }) else {
                    await client.stop()
                    throw Failure("the broker refused the subscription to \(subscriptions.joined(separator: " ")) (not allowed by its ACL?)", status: .daemonError)
                }
                return client
            case .disconnected(let reason):
                await client.stop()
                throw Failure("cannot reach \(address): \(reason)", status: .daemonError)
            default:
                continue
            }
        }
        throw Failure("cannot reach \(address)", status: .daemonError)
    }
}
