import Foundation
import MQTT

/// Remote notifications over MQTT: the `[push]` table of config.toml. Off unless `broker` is
/// set; a broker that is not on this machine must be `mqtts://` unless `allowInsecure`.
struct PushPolicy: Sendable, Hashable, Decodable {
    /// `mqtt://host:port` or `mqtts://host:port`; nil: push is off.
    var broker: BrokerAddress?
    /// This desktop's name in topics; empty: derived from `/etc/machine-id` and the user (see ``DeviceName``).
    var device: String
    /// The user's name in topics; empty: the login name.
    var user: String
    /// Credentials for the broker; the password is read from `passwordFile` (readable only by the user).
    var username: String
    var passwordFile: String
    /// TLS: the CA to verify the broker with (empty: the system's), and a client certificate and key.
    var caFile: String
    var certFile: String
    var keyFile: String
    var keepAliveSeconds: Int
    /// How long the broker keeps this desktop's pushes while it is away.
    var sessionExpirySeconds: Int
    /// Lets an `mqtt://` broker off this machine carry notifications and answers in the clear.
    var allowInsecure: Bool
    /// Apps whose answers stay on this desktop: delivered to their handlers, not published.
    var privateApps: [String]

    init() {
        broker = nil
        (device, user, username, passwordFile, caFile, certFile, keyFile) = ("", "", "", "", "", "", "")
        keepAliveSeconds = 60
        sessionExpirySeconds = 604_800
        allowInsecure = false
        privateApps = []
    }

    /// Whether push is on.
    var enabled: Bool { broker != nil }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case broker, device, user, username, passwordFile, caFile, certFile, keyFile, keepAliveSeconds, sessionExpirySeconds
        case allowInsecure, privateApps
    }

    init(from decoder: any Decoder) throws {
        try ConfigKeys.refuseUnknown(in: decoder, known: CodingKeys.allCases.map(\.rawValue), table: "push")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        func problem(_ text: String) -> ConfigError { ConfigError("push.\(text)") }
        let url = try c.decodeIfPresent(String.self, forKey: .broker) ?? ""
        if !url.isEmpty {
            guard let address = BrokerAddress(url: url) else {
                throw problem("broker: \"\(url)\" is not mqtt://host:port or mqtts://host:port")
            }
            broker = address
        }
        device = try c.decodeIfPresent(String.self, forKey: .device) ?? ""
        user = try c.decodeIfPresent(String.self, forKey: .user) ?? ""
        for (key, name) in [(CodingKeys.device, device), (.user, user)] where !PushTopics.isTopicLevel(name) && !name.isEmpty {
            throw problem("\(key.stringValue): \"\(name)\" cannot be part of a topic (no '/', '+', '#' or NUL, at most 128 bytes)")
        }
        username = try c.decodeIfPresent(String.self, forKey: .username) ?? ""
        passwordFile = try c.decodeIfPresent(String.self, forKey: .passwordFile) ?? ""
        caFile = try c.decodeIfPresent(String.self, forKey: .caFile) ?? ""
        certFile = try c.decodeIfPresent(String.self, forKey: .certFile) ?? ""
        keyFile = try c.decodeIfPresent(String.self, forKey: .keyFile) ?? ""
        if certFile.isEmpty != keyFile.isEmpty { throw problem("certFile and keyFile: give both or neither") }
        keepAliveSeconds = try c.decodeIfPresent(Int.self, forKey: .keepAliveSeconds) ?? keepAliveSeconds
        guard (5...65535).contains(keepAliveSeconds) else { throw problem("keepAliveSeconds: must be 5 to 65535") }
        sessionExpirySeconds = try c.decodeIfPresent(Int.self, forKey: .sessionExpirySeconds) ?? sessionExpirySeconds
        guard (0...Int(UInt32.max)).contains(sessionExpirySeconds) else { throw problem("sessionExpirySeconds: must be 0 to 4294967295") }
        allowInsecure = try c.decodeIfPresent(Bool.self, forKey: .allowInsecure) ?? false
        privateApps = try c.decodeIfPresent([String].self, forKey: .privateApps) ?? []
        if let broker, !broker.tls, !broker.isLoopback, !allowInsecure {
            throw problem("broker: \(broker) is not on this machine and not TLS: notifications and answers would cross the network in the clear, with the credentials; use mqtts:// (and caFile), or set allowInsecure = true to accept that")
        }
        if broker?.tls != true, !certFile.isEmpty { throw problem("certFile: a client certificate needs an mqtts:// broker") }
    }
}
