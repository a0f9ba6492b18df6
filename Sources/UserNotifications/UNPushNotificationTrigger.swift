/// The trigger of a request that came from a push (`PostPayload`, MQTT); apps never make one.
public final class UNPushNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    /// A push trigger, which does not repeat.
    init() { super.init(repeats: false) }
}
