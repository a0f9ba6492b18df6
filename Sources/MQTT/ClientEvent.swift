/// What a ``Client`` reports, in the order it happened.
public enum ClientEvent: Sendable, Hashable {
    /// The broker accepted the connection; `sessionPresent`: it kept the session of before.
    case connected(sessionPresent: Bool)
    /// The connection went or could not be made; `reason` says why. Reported once per change of
    /// reason, not per attempt; the client tries again with backoff.
    case disconnected(reason: String)
    /// The broker took the subscriptions made after a connect (SUBACK), with the QoS it granted
    /// each, in their order (0x80 and above: refused).
    case subscribed(grantedQoS: [Int32])
    /// A message arrived on a subscription.
    case message(Message)
    /// The broker acknowledged the QoS 1 message `messageID` (PUBACK) with `reasonCode`
    /// (below 0x80: accepted; 0x10: accepted, nobody subscribed).
    case published(messageID: Int32, reasonCode: Int32)
}
