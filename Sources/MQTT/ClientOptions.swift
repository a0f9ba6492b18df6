/// How a ``Client`` connects: the broker, its identity, the session it keeps, TLS and credentials.
public struct ClientOptions: Sendable, Hashable {
    public var broker: BrokerAddress
    /// The MQTT client identifier; a persistent session is found again by it.
    public var clientID: String
    /// Seconds between keepalive pings when nothing else is sent.
    public var keepAliveSeconds: Int
    /// Whether the broker starts a new session at each connect (MQTT 5 clean start); off, it
    /// keeps the subscriptions and QoS 1 messages for `sessionExpirySeconds` after a disconnect.
    public var cleanStart: Bool
    /// How long the broker keeps the session after the connection goes (MQTT 5 session expiry).
    public var sessionExpirySeconds: UInt32
    /// A CA bundle to verify the broker's certificate (TLS); nil: the system's.
    public var caFile: String?
    /// A client certificate and its key, for brokers that authenticate clients by certificate.
    public var certFile: String?
    public var keyFile: String?
    public var username: String?
    public var password: String?
    /// Topics subscribed at QoS 1 after every connect.
    public var subscriptions: [String]
    /// The first wait before connecting again, in seconds; it doubles per failed attempt up to `maxReconnectSeconds`.
    public var firstReconnectSeconds = 1.0
    public var maxReconnectSeconds = 60.0

    public init(
        broker: BrokerAddress, clientID: String, keepAliveSeconds: Int = 60, cleanStart: Bool = false,
        sessionExpirySeconds: UInt32 = 604_800, subscriptions: [String] = []
    ) {
        self.broker = broker
        self.clientID = clientID
        self.keepAliveSeconds = keepAliveSeconds
        self.cleanStart = cleanStart
        self.sessionExpirySeconds = sessionExpirySeconds
        self.subscriptions = subscriptions
    }
}
