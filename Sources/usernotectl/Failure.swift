import DBus
import UserNotificationsCore

/// The one stderr line for an error the daemon or the bus reported; other errors are argument-parser's.
enum Failure {
    /// What to run to get the daemon going.
    static let startHint = "start it with `usernoted` or `systemctl --user start usernoted`"

    /// `usernotectl: <message> (<error name>)`, a plain "not running" note, or nil for usage errors.
    static func message(for error: any Error) -> String? {
        switch error {
        case let error as DBusError:
            if error.name == .serviceUnknown || error.name == .nameHasNoOwner {
                return "usernotectl: usernoted is not running on this bus; \(startHint)"
            }
            return "usernotectl: \(error.message) (\(error.name.rawValue))"
        case let error as ModelError:
            return "usernotectl: \(error.message) (io.github.usernoted.Error.\(error.name))"
        default:
            return nil
        }
    }
}
