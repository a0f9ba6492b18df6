/// A message that arrived on a subscription: its topic, payload and MQTT 5 user properties.
public struct Message: Sendable, Hashable {
    public var topic: String
    public var payload: [UInt8]
    public var qos: Int
    public var retain: Bool
    /// The user properties in the order they came (a name may repeat).
    public var userProperties: [UserProperty]

    public init(topic: String, payload: [UInt8], qos: Int = 1, retain: Bool = false, userProperties: [UserProperty] = []) {
        self.topic = topic
        self.payload = payload
        self.qos = qos
        self.retain = retain
        self.userProperties = userProperties
    }

    /// The first user property named `name`.
    public func userProperty(_ name: String) -> String? { userProperties.first { $0.name == name }?.value }
}

/// An MQTT 5 user property: a name and a value, both UTF-8.
public struct UserProperty: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
