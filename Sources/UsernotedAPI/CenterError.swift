import DBus
import UserNotificationsCore

/// An error usernoted answers with: `io.github.usernoted.Error.<name>` and what to fix.
public struct CenterError: Error, Sendable, Hashable, DBusErrorConvertible, CustomStringConvertible {
    public var name: ErrorName
    public var message: String

    public init(_ name: ErrorName, _ message: String) {
        self.name = name
        self.message = message
    }

    /// A model validation error, under its own name.
    public init(_ error: ModelError) { self.init(error.kind, error.message) }

    /// The error a D-Bus error reply stands for, when it is one of usernoted's.
    public init?(_ error: DBusError) {
        guard let name = ErrorName(dbusName: error.name) else { return nil }
        self.init(name, error.message)
    }

    public var dbusError: DBusError { DBusError(name.dbusName, message) }

    /// `message (io.github.usernoted.Error.Name)`, as usernotectl prints it.
    public var description: String { "\(message) (\(name.dbusName.rawValue))" }
}

extension ErrorName {
    /// The prefix of every usernoted error name.
    public static let prefix = "io.github.usernoted.Error."

    /// The full D-Bus error name.
    public var dbusName: DBusError.Name { DBusError.Name(Self.prefix + rawValue) }

    /// The name a full D-Bus error name stands for, when it is one of usernoted's.
    public init?(dbusName: DBusError.Name) {
        guard dbusName.rawValue.hasPrefix(Self.prefix) else { return nil }
        self.init(rawValue: String(dbusName.rawValue.dropFirst(Self.prefix.count)))
    }
}
