import DBus
import Foundation
import MQTT
import Testing
import TestSupport

/// The client against a real mosquitto on loopback.
@Suite(.serialized) struct ClientTests {
    /// A client whose events a test takes one by one.
    final class Probe: Sendable {
        let client: Client
        let events = Inbox<ClientEvent>()
        private let pump: Task<Void, Never>

        init(_ broker: Mosquitto, id: String, subscriptions: [String] = [], configure: (inout ClientOptions) -> Void = { _ in }) throws {
            var options = ClientOptions(
                broker: try #require(BrokerAddress(url: broker.url)), clientID: id, keepAliveSeconds: 5, subscriptions: subscriptions)
            options.firstReconnectSeconds = 0.05
            options.maxReconnectSeconds = 0.2
            configure(&options)
            client = try Client(options)
            let (client, events) = (client, events)
            pump = Task { for await event in client.events { events.put(event) } }
            client.start()
        }

        /// The next event `match` picks, skipping others.
        func next<T>(_ what: String, within timeout: Duration = .seconds(10), _ match: (ClientEvent) -> T?) async throws -> T {
            while true {
                if let found = match(try await events.next(within: timeout, what)) { return found }
            }
        }

        func connected() async throws -> Bool {
            try await next("a connect") { if case .connected(let present) = $0 { present } else { nil } }
        }

        func message() async throws -> MQTT.Message {
            try await next("a message") { if case .message(let message) = $0 { message } else { nil } }
        }

        func stop() async {
            await client.stop()
            pump.cancel()
        }
    }

    @Test func aMessageArrivesWithItsUserPropertiesAndAPublishIsAcknowledged() async throws {
        let broker = try await Mosquitto()
        let subscriber = try Probe(broker, id: "subscriber", subscriptions: ["usernoted/v1/devices/d/apps/+"])
        let publisher = try Probe(broker, id: "publisher")
        _ = try await (subscriber.connected(), publisher.connected())
        // The subscription is made after CONNACK, so wait for it with a first message.
        let properties = [UserProperty("apns-id", "a1"), UserProperty("apns-priority", "10"), UserProperty("apns-id", "again")]
        var messageID: Int32?
        for attempt in 0..<50 {
            messageID = await publisher.client.publish(
                "usernoted/v1/devices/d/apps/org.example.App", payload: Array("hello \(attempt)".utf8), userProperties: properties)
            let acknowledged = try await publisher.next("the PUBACK") { event -> Int32? in
                if case .published(let id, let code) = event, id == messageID { code } else { nil }
            }
            if acknowledged == 0 { break }  // 0x10: nobody subscribed yet
            try await Task.sleep(for: .milliseconds(20))
        }
        let message = try await subscriber.message()
        #expect(message.topic == "usernoted/v1/devices/d/apps/org.example.App")
        #expect(String(decoding: message.payload, as: UTF8.self).hasPrefix("hello "))
        #expect(message.qos == 1)
        #expect(message.userProperties == properties)
        #expect(message.userProperty("apns-id") == "a1")
        await subscriber.stop()
        await publisher.stop()
    }

    @Test func aPersistentSessionGetsWhatWasSentWhileItWasAway() async throws {
        let broker = try await Mosquitto()
        let first = try Probe(broker, id: "desktop", subscriptions: ["inbox"])
        #expect(try await first.connected() == false, "a new session")
        try await Task.sleep(for: .milliseconds(200))  // the SUBACK
        await first.stop()
        let publisher = try Probe(broker, id: "provider")
        _ = try await publisher.connected()
        let messageID = try #require(await publisher.client.publish("inbox", payload: Array("while away".utf8)))
        let code = try await publisher.next("the PUBACK") { if case .published(messageID, let code) = $0 { code } else { nil } }
        #expect(code == 0, "the broker keeps it for the away session's subscription")
        let again = try Probe(broker, id: "desktop", subscriptions: ["inbox"])
        #expect(try await again.connected() == true, "the session was kept")
        #expect(String(decoding: try await again.message().payload, as: UTF8.self) == "while away")
        await again.stop()
        await publisher.stop()
    }

    @Test func itConnectsAgainAfterTheBrokerIsKilledAndSaysSoOnce() async throws {
        let broker = try await Mosquitto()
        let probe = try Probe(broker, id: "desktop", subscriptions: ["inbox"])
        _ = try await probe.connected()
        try await Task.sleep(for: .milliseconds(300))  // the SUBACK, and the broker saving the session
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
        let probe = try Probe(broker, id: "desktop") { $0.broker.port = try! Mosquitto.freePort() }
        let reason = try await probe.next("the failure") { if case .disconnected(let reason) = $0 { reason } else { nil } }
        #expect(reason.contains("refused"), "\(reason)")
        await probe.stop()
    }
}
