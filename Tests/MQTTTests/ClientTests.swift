import Foundation
import MQTT
import Testing
import TestSupport

/// The client against a real mosquitto on loopback.
@Suite(.serialized) struct ClientTests {
    @Test func aMessageArrivesWithItsUserPropertiesAndAPublishIsAcknowledged() async throws {
        let broker = try await Mosquitto()
        let subscriber = try MQTTProbe(broker.url, id: "subscriber", subscriptions: ["usernoted/v1/devices/d/apps/+"])
        let publisher = try MQTTProbe(broker.url, id: "publisher")
        _ = try await (subscriber.connected(), publisher.connected())
        let properties = [UserProperty("apns-id", "a1"), UserProperty("apns-priority", "10"), UserProperty("apns-id", "again")]
        let code = try await publisher.publish("usernoted/v1/devices/d/apps/org.example.App", "hello", properties: properties)
        #expect(code == 0, "PUBACK: accepted, and someone subscribed")
        let message = try await subscriber.message()
        #expect(message.topic == "usernoted/v1/devices/d/apps/org.example.App")
        #expect(String(decoding: message.payload, as: UTF8.self) == "hello")
        #expect(message.qos == 1)
        #expect(message.userProperties == properties)
        #expect(message.userProperty("apns-id") == "a1")
        await subscriber.stop()
        await publisher.stop()
    }

    @Test func aPersistentSessionGetsWhatWasSentWhileItWasAway() async throws {
        let broker = try await Mosquitto()
        let first = try MQTTProbe(broker.url, id: "desktop", subscriptions: ["inbox"])
        #expect(try await first.connected() == false, "a new session")
        await first.stop()
        let publisher = try MQTTProbe(broker.url, id: "provider")
        _ = try await publisher.connected()
        let messageID = try #require(await publisher.client.publish("inbox", payload: Array("while away".utf8)))
        let code = try await publisher.next("the PUBACK") { if case .published(messageID, let code) = $0 { code } else { nil } }
        #expect(code == 0, "the broker keeps it for the away session's subscription")
        let again = try MQTTProbe(broker.url, id: "desktop", subscriptions: ["inbox"])
        #expect(try await again.connected() == true, "the session was kept")
        #expect(String(decoding: try await again.message().payload, as: UTF8.self) == "while away")
        await again.stop()
        await publisher.stop()
    }

    @Test func itConnectsAgainAfterTheBrokerIsKilledAndSaysSoOnce() async throws {
        let broker = try await Mosquitto()
        let probe = try MQTTProbe(broker.url, id: "desktop", subscriptions: ["inbox"])
        _ = try await probe.connected()
        try await Task.sleep(for: .milliseconds(100))  // the broker saves the session after its SUBACK
        broker.kill()
        let reason = try await probe.next("the loss") { if case .disconnected(let reason) = $0 { reason } else { nil } }
        #expect(reason.hasPrefix("connection lost"))
        // Attempts every 0.2 s meanwhile fail alike: reported once.
        try await Task.sleep(for: .seconds(1))
        let reports = probe.events.pending.filter { if case .disconnected = $0 { true } else { false } }
        #expect(reports.count <= 1, "\(reports)")
        try await broker.start()
        #expect(try await probe.connected() == true, "the broker saved the session before it was killed")
        #expect(await probe.client.isConnected)
        await probe.stop()
    }

    @Test func aRefusedConnectionSaysWhy() async throws {
        let broker = try await Mosquitto()
        let probe = try MQTTProbe(broker.url, id: "desktop") { $0.broker.port = try! Mosquitto.freePort() }
        let reason = try await probe.next("the failure") { if case .disconnected(let reason) = $0 { reason } else { nil } }
        #expect(reason.contains("refused"), "\(reason)")
        await probe.stop()
    }
}
