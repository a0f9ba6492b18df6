import DBus

/// An error from the notification center: the daemon refused a call or could not be reached.
public struct UNError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure.
    public enum Code: Int, Sendable, Hashable {
        /// usernoted could not be reached on the session bus (not running, no bus).
        case daemonUnavailable = 1
        /// An attachment's URL is not an existing local file.
        case attachmentInvalidURL = 100
        /// The daemon (or this library, before sending) refused the call; see ``UNError/name``.
        case requestRejected = 10_000
    }

    /// The kind of failure.
    public let code: Code
    /// The D-Bus error name, e.g. `io.github.usernoted.Error.UnknownCategory`.
    public let name: String
    /// What went wrong and what to do about it.
    public let message: String

    /// An error with a code, an optional D-Bus name and a message.
    public init(_ code: Code, name: String = "", _ message: String) {
        self.code = code
        self.name = name
        self.message = message
    }

    /// The error a failed D-Bus call becomes.
    init(_ error: DBusError) {
        let unreachable: Set<DBusError.Name> = [.serviceUnknown, .nameHasNoOwner, .disconnected, .noReply, .timeout]
        self.init(unreachable.contains(error.name) ? .daemonUnavailable : .requestRejected,
                  name: error.name.rawValue, error.message)
    }

    public var description: String { name.isEmpty ? message : "\(name): \(message)" }
}
