/// A change on the server's side: where one of our notifications is, or which server runs.
public enum LiveChange: Sendable, Hashable {
    /// The server shows it under this id (first shown, replaced, or shown again by a new server);
    /// a stacked notification is shown under its stack's id (each time the stack is).
    case shown(NotificationKey, serverID: UInt32)
    /// The server closed it (the user, an action, expiry; a stacked one: its stack): it left the screen.
    case departed(NotificationKey)
    /// The server refused every `Notify` for it, the last try ``NotifyRetry`` allows failing for
    /// `reason`: it waits for the next server.
    case notShown(NotificationKey, reason: String)
    /// A notification server is there (at start, or a new one): who it is and what it can do.
    case server(ServerInformation?, ServerCapabilities)
    /// Every notification on the list is shown by the server run `serverRun` (see
    /// ``NotificationBridge/serverRun``), their ids reported before this: a restarted daemon
    /// may leave them there (``NotificationBridge/restore(_:shownBy:)``).
    case holds(serverRun: String)
}
