import DBus
import UserNotificationsCore
import UsernotedAPI

/// The error domain of ``UNError``, as on Apple platforms.
public let UNErrorDomain = "UNErrorDomain"

/// An error from the notification center: the daemon refused a call or could not be reached.
/// Apple's codes keep their numbers; `catch UNError.notificationsNotAllowed` works as there.
public struct UNError: Error, Sendable, Hashable, CustomStringConvertible, CustomNSError {
    /// What kind of failure.
    public enum Code: Int, Sendable, Hashable {
        /// The user does not allow the app's notifications (usernoted's `NotAuthorized`).
        case notificationsNotAllowed = 1
        /// An attachment's URL is not an existing local file.
        case attachmentInvalidURL = 100
        case attachmentUnrecognizedType = 101
        case attachmentInvalidFileSize = 102
        case attachmentNotInDataStore = 103
        case attachmentMoveIntoDataStoreFailed = 104
        case attachmentCorrupt = 105
        case notificationInvalidNoDate = 1400
        case notificationInvalidNoContent = 1401
        /// ``UNNotificationContent/updating(from:)`` was given a provider (there are none here).
        case contentProvidingObjectNotAllowed = 1500
        case contentProvidingInvalid = 1501
        case badgeInputInvalid = 1600
        /// The daemon (or this library, before sending) refused the call; see ``UNError/name``.
        case requestRejected = 10_000
        /// usernoted could not be reached on the session bus (not running, no bus).
        case daemonUnavailable = 10_001
    }

    public static var notificationsNotAllowed: Code { .notificationsNotAllowed }
    public static var attachmentInvalidURL: Code { .attachmentInvalidURL }
    public static var attachmentUnrecognizedType: Code { .attachmentUnrecognizedType }
    public static var attachmentInvalidFileSize: Code { .attachmentInvalidFileSize }
    public static var attachmentNotInDataStore: Code { .attachmentNotInDataStore }
    public static var attachmentMoveIntoDataStoreFailed: Code { .attachmentMoveIntoDataStoreFailed }
    public static var attachmentCorrupt: Code { .attachmentCorrupt }
    public static var notificationInvalidNoDate: Code { .notificationInvalidNoDate }
    public static var notificationInvalidNoContent: Code { .notificationInvalidNoContent }
    public static var contentProvidingObjectNotAllowed: Code { .contentProvidingObjectNotAllowed }
    public static var contentProvidingInvalid: Code { .contentProvidingInvalid }
    public static var badgeInputInvalid: Code { .badgeInputInvalid }

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
        let code: Code = if unreachable.contains(error.name) {
            .daemonUnavailable
        } else if error.name == ErrorName.notAuthorized.dbusName {
            .notificationsNotAllowed
        } else {
            .requestRejected
        }
        self.init(code, name: error.name.rawValue, error.message)
    }

    public var description: String { name.isEmpty ? message : "\(name): \(message)" }

    public static var errorDomain: String { UNErrorDomain }
    public var errorCode: Int { code.rawValue }
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: description] }

}

extension UNError.Code {
    /// Whether `error` is a ``UNError`` with this code, so `catch UNError.notificationsNotAllowed` matches.
    public static func ~= (code: UNError.Code, error: any Error) -> Bool {
        (error as? UNError)?.code == code
    }
}
