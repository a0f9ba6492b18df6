import MQTT

/// An MQTT client for a test (a provider, a subscriber): its messages in one inbox and its other
/// events in another, which the test takes them from one by one.
public final class MQTTProbe: Sendable {
    public let client: Client
    /// Every event but messages.
    public let events = Inbox<ClientEvent>()
    public let messages = Inbox<Message>()
    private let pump: Task<Void, Never>

    /// A client of `broker` (a URL) as `id`, subscribed to `subscriptions`, reconnecting fast; connecting at once.
    public init(
        _ broker: String, id: String, subscriptions: [String] = [], configure: (inout ClientOptions) -> Void = { _ in }
    ) throws {
        guard let address = BrokerAddress(url: broker) else { throw TestSupportError("not a broker URL: \(broker)") }
        var options = ClientOptions(broker: address, clientID: id, keepAliveSeconds: 5, subscriptions: subscriptions)
        options.firstReconnectSeconds = 0.05
        options.maxReconnectSeconds = 0.2
        configure(&options)
        client = try Client(options)
        let (client, events, messages) = (client, events, messages)
        pump = Task {
            for await event in client.events {
                if case .message(let message) = event { messages.put(message) } else { events.put(event) }
            }
        }
        client.start()
    }

    /// The next event `match` picks, skipping the others.
    public func next<T>(_ what: String, within timeout: Duration = .seconds(10), _ match: (ClientEvent) -> T?) async throws -> T {
        while true {
            if let found = match(try await events.next(within: timeout, what)) { return found }
        }
    }

    /// Waits for the next connect, and for the broker to take the subscriptions when there are
    /// any; whether the broker had kept the session.
    @discardableResult
    public func connected() async throws -> Bool {
        let present = try await next("a connect") { if case .connected(let present) = $0 { present } else { nil } }
        if !client.options.subscriptions.isEmpty {
            _ = try await next("the SUBACK") { if case .subscribed(let granted) = $0 { granted } else { nil } }
        }
        return present
    }

    /// The next message.
    public func message(within timeout: Duration = .seconds(10)) async throws -> Message {
        try await messages.next(within: timeout, "a message")
    }

    /// Publishes at QoS 1 and waits for the broker's PUBACK; returns its reason code
    /// (0, or 16 when nobody subscribed).
    @discardableResult
    public func publish(_ topic: String, _ payload: String, properties: [UserProperty] = []) async throws -> Int32 {
        guard let messageID = await client.publish(topic, payload: Array(payload.utf8), userProperties: properties) else {
            throw TestSupportError("not connected: cannot publish to \(topic)")
        }
        return try await next("the PUBACK of \(topic)") { if case .published(messageID, let code) = $0 { code } else { nil } }
    }

    public func stop() async {
        await client.stop()
        pump.cancel()
    }
}
