import UsernotedAPI
import DBus
import UserNotificationsCore

/// A failure as the user sees it: one stderr line and an exit status.
struct Failure: Error, Sendable {
    /// The whole line, starting `usernotectl: `.
    var line: String
    var status: ExitStatus

    /// What to run to get the daemon going.
    static let startHint = "start it with `usernoted` or `systemctl --user start usernoted`"

    /// A failure of usernotectl itself, e.g. an unreadable file.
    init(_ message: String, status: ExitStatus) {
        line = "usernotectl: \(message)"
        self.status = status
    }

    /// The failure for an error from the daemon, the bus or the model; nil for argument-parser's own errors.
    init?(_ error: any Error) {
        switch error {
        case let error as Failure:
            self = error
        case let error as DBusError:
            if error.name == .serviceUnknown || error.name == .nameHasNoOwner {
                self.init("usernoted is not running on this bus; \(Self.startHint)", status: .daemonError)
            } else if error.name == .unknownMethod {
                self.init("\(error.message); this usernoted is older than usernotectl (\(error.name.rawValue))", status: .daemonError)
            } else {
                self.init("\(error.message) (\(error.name.rawValue))", status: .daemonError)
            }
        case let error as ModelError:
            self.init(CenterError(error).description, status: .daemonError)
        default:
            return nil
        }
    }
}
