/// A D-Bus error: a dotted error name and a human-readable message.
///
/// Method handlers throw it to reply with that error; calls throw it when the peer
/// replied with an error or could not be reached.
public struct DBusError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The error name, e.g. `org.freedesktop.DBus.Error.InvalidArgs`.
    public var name: Name
    /// What went wrong and, ideally, what to do about it.
    public var message: String

    /// An error with a name and a message.
    public init(_ name: Name, _ message: String) {
        self.name = name
        self.message = message
    }

    public var description: String { "\(name.rawValue): \(message)" }

    /// A D-Bus error name.
    public struct Name: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { self.rawValue = value }
        public var description: String { rawValue }

        public static let failed: Name = "org.freedesktop.DBus.Error.Failed"
        public static let noMemory: Name = "org.freedesktop.DBus.Error.NoMemory"
        public static let serviceUnknown: Name = "org.freedesktop.DBus.Error.ServiceUnknown"
        public static let nameHasNoOwner: Name = "org.freedesktop.DBus.Error.NameHasNoOwner"
        public static let noReply: Name = "org.freedesktop.DBus.Error.NoReply"
        public static let timeout: Name = "org.freedesktop.DBus.Error.Timeout"
        public static let disconnected: Name = "org.freedesktop.DBus.Error.Disconnected"
        public static let invalidArgs: Name = "org.freedesktop.DBus.Error.InvalidArgs"
        public static let invalidSignature: Name = "org.freedesktop.DBus.Error.InvalidSignature"
        public static let unknownMethod: Name = "org.freedesktop.DBus.Error.UnknownMethod"
        public static let unknownObject: Name = "org.freedesktop.DBus.Error.UnknownObject"
        public static let unknownInterface: Name = "org.freedesktop.DBus.Error.UnknownInterface"
        public static let unknownProperty: Name = "org.freedesktop.DBus.Error.UnknownProperty"
        public static let propertyReadOnly: Name = "org.freedesktop.DBus.Error.PropertyReadOnly"
        public static let accessDenied: Name = "org.freedesktop.DBus.Error.AccessDenied"
        public static let limitsExceeded: Name = "org.freedesktop.DBus.Error.LimitsExceeded"
    }
}

/// An error that knows which D-Bus error it should be replied as.
public protocol DBusErrorConvertible: Error {
    /// The D-Bus error to send in place of this one.
    var dbusError: DBusError { get }
}

extension DBusError: DBusErrorConvertible {
    public var dbusError: DBusError { self }
}
