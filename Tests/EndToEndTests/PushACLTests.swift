import Foundation
import MQTT
import Testing
import TestSupport

/// docs/mosquitto-acl.conf in a real mosquitto: each desktop confined to its user's and its
/// device's topics, each provider to its apps'.
@Suite struct PushACLTests {
    static func broker() async throws -> Mosquitto {
        let directory = try TemporaryDirectory.make(prefix: "usernoted-acl")
        let passwords = directory.appending(path: "passwords").path
        for (index, user) in ["alice", "bob", "ci-server"].enumerated() {
            let result = try Command.run("/usr/bin/mosquitto_passwd", (index == 0 ? ["-c"] : []) + ["-b", passwords, user, "secret-\(user)"])
            guard result.succeeded else { throw TestSupportError("mosquitto_passwd: \(result.errors)") }
        }
        let acl = repositoryRoot.appending(path: "docs/mosquitto-acl.conf").path
        return try await Mosquitto(extraConfig: "allow_anonymous false\npassword_file \(passwords)\nacl_file \(acl)\nper_listener_settings false")
    }

    static func client(_ broker: Mosquitto, user: String, id: String, subscriptions: [String] = []) throws -> MQTTProbe {
        try MQTTProbe(broker.url, id: id, subscriptions: subscriptions) {
            $0.username = user
            $0.password = "secret-\(user)"
        }
    }

    static func granted(_ probe: MQTTProbe) async throws -> [Int32] {
        _ = try await probe.next("a connect") { if case .connected = $0 { true } else { nil } }
        return try await probe.next("the SUBACK") { if case .subscribed(let granted) = $0 { granted } else { nil } }
    }

    /// mosquitto grants a subscription its ACL does not allow reading, and then delivers nothing on it.
    @Test func aDesktopHearsItsOwnTopicsAndNotAnotherUsers() async throws {
        let broker = try await Self.broker()
        let alice = try Self.client(broker, user: "alice", id: "alice-desk", subscriptions: [
            "usernoted/v1/users/alice/apps/+", "usernoted/v1/devices/alice-desk/apps/+"])
        _ = try await Self.granted(alice)
        let bob = try Self.client(broker, user: "bob", id: "bob-desk", subscriptions: [
            "usernoted/v1/users/alice/apps/+", "usernoted/v1/devices/alice-desk/apps/+", "usernoted/v1/users/bob/apps/+"])
        _ = try await Self.granted(bob)
        let provider = try Self.client(broker, user: "ci-server", id: "ci")
        try await provider.connected()
        try await provider.publish("usernoted/v1/users/alice/apps/org.example.Deploy", "for alice")
        try await provider.publish("usernoted/v1/devices/alice-desk/apps/org.example.Deploy", "for alice's desk")
        try await provider.publish("usernoted/v1/users/bob/apps/org.example.Deploy", "for bob")
        #expect(String(decoding: try await alice.message().payload, as: UTF8.self) == "for alice")
        #expect(String(decoding: try await alice.message().payload, as: UTF8.self) == "for alice's desk")
        #expect(String(decoding: try await bob.message().payload, as: UTF8.self) == "for bob", "alice's pushes never reach bob")
        // A desktop answers on its own device's topic only.
        #expect(try await bob.publish("usernoted/v1/devices/bob-desk/apps/org.example.Deploy/responses", "{}") < 0x80)
        #expect(try await bob.publish("usernoted/v1/devices/alice-desk/apps/org.example.Deploy/responses", "{}") == 0x87)
        await alice.stop()
        await bob.stop()
        await provider.stop()
    }

    @Test func aProviderPushesToItsAppsAndNotAnothers() async throws {
        let broker = try await Self.broker()
        let provider = try Self.client(broker, user: "ci-server", id: "ci")
        try await provider.connected()
        #expect(try await provider.publish("usernoted/v1/users/alice/apps/org.example.Deploy", "{}") < 0x80)
        #expect(try await provider.publish("usernoted/v1/devices/alice-desk/apps/org.example.Deploy", "{}") < 0x80)
        #expect(try await provider.publish("usernoted/v1/users/alice/apps/org.example.Bank", "{}") == 0x87, "not its app")
        #expect(try await provider.publish("usernoted/v1/devices/alice-desk/apps/org.example.Deploy/responses", "{}") == 0x87,
                "a provider cannot forge answers")
        await provider.stop()
    }
}
