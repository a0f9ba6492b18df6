/// What a ``Client`` reports, in the order it happened.
public enum ClientEvent: Sendable, Hashable {
    /// The broker accepted the connection; `sessionPresent`: it kept the session of before.
    case connected(sessionPresent: Bool)
    /// The connection went or could not be made; `reason` says why. Reported once per change of
    /// reason, not per attempt; the client tries again with backoff.
    case disconnected(reason: String)
    /// A message arrived on a subscription.
    case message(Message)
    /// The broker acknowledged the QoS 1 message `messageID` (PUBACK) with `reasonCode`
    /// (below 0x80: accepted; 0x10: accepted, nobody subscribed).
    case published(messageID: Int32, reasonCode: Int32)
}
