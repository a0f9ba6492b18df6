/// The trigger of a request that came from a push (`PostPayload`, MQTT); apps never make one.
public struct UNPushNotificationTrigger: UNNotificationTrigger, Hashable {
    /// A push does not repeat.
    public var repeats: Bool { false }
}
