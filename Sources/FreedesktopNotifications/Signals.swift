import DBus

/// A signal from the notification server about one of its notifications.
public enum ServerSignal: Sendable, Hashable {
    /// A button or the body (`default`) was activated.
    case actionInvoked(id: UInt32, key: String)
    /// The notification went away, with the spec's reason.
    case closed(id: UInt32, reason: CloseReason)
    /// Text typed into a KDE inline reply.
    case replied(id: UInt32, text: String)
    /// The XDG activation token for the action that follows.
    case activationToken(id: UInt32, token: String)

    /// Why a notification closed (spec: 1 expired, 2 dismissed, 3 CloseNotification, 4 other).
    public enum CloseReason: UInt32, Sendable, Hashable {
        case expired = 1, dismissedByUser, closedByCall, undefined
    }

    /// The server id the signal is about.
    public var id: UInt32 {
        switch self {
        case .actionInvoked(let id, _), .closed(let id, _), .replied(let id, _), .activationToken(let id, _): id
        }
    }

    /// Parses a server signal; nil for anything else or a malformed body.
    public init?(_ message: Message) {
        guard message.kind == .signal, message.interface == NotificationsServer.interface else { return nil }
        typealias Server = NotificationsServer
        switch message.member {
        case Server.actionInvoked.name:
            guard let (id, key) = try? Server.actionInvoked.arguments(of: message) else { return nil }
            self = .actionInvoked(id: id, key: key)
        case Server.notificationReplied.name:
            guard let (id, text) = try? Server.notificationReplied.arguments(of: message) else { return nil }
            self = .replied(id: id, text: text)
        case Server.activationToken.name:
            guard let (id, token) = try? Server.activationToken.arguments(of: message) else { return nil }
            self = .activationToken(id: id, token: token)
        case Server.notificationClosed.name:
            guard let (id, code) = try? Server.notificationClosed.arguments(of: message) else { return nil }
            self = .closed(id: id, reason: CloseReason(rawValue: code) ?? .undefined)
        default: return nil
        }
    }
}
