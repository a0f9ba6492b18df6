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
        guard message.kind == .signal, message.interface == NotificationsServer.interface,
            let id = message.body.first?.as(UInt32.self), message.body.count == 2
        else { return nil }
        let second = message.body[1]
        switch message.member {
        case "ActionInvoked": guard let key = second.as(String.self) else { return nil }; self = .actionInvoked(id: id, key: key)
        case "NotificationReplied": guard let text = second.as(String.self) else { return nil }; self = .replied(id: id, text: text)
        case "ActivationToken": guard let token = second.as(String.self) else { return nil }; self = .activationToken(id: id, token: token)
        case "NotificationClosed":
            guard let code = second.as(UInt32.self) else { return nil }
            self = .closed(id: id, reason: CloseReason(rawValue: code) ?? .undefined)
        default: return nil
        }
    }
}
