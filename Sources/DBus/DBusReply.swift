/// What a method returns, as one Swift type: ``NoReply``, a single value, or a struct of several.
public protocol DBusReply: Sendable {
    /// The reply's types, in order.
    static var types: [DBusType] { get }
    /// The reply's values, in order.
    var values: [Value] { get }
    /// The reply read from `values`, or nil when they have other types.
    init?(values: [Value])
}

/// The reply of a method that returns nothing.
public struct NoReply: DBusReply, Hashable {
    public init() {}
    public static var types: [DBusType] { [] }
    public var values: [Value] { [] }
    public init?(values: [Value]) {
        guard values.isEmpty else { return nil }
    }
}

/// A reply of exactly one value.
public protocol SingleValueReply: DBusReply, DBusValueConvertible {}

extension SingleValueReply {
    public static var types: [DBusType] { [dbusType] }
    public var values: [Value] { [dbusValue] }
    public init?(values: [Value]) {
        guard values.count == 1 else { return nil }
        self.init(dbusValue: values[0])
    }
}

extension String: SingleValueReply {}
extension Bool: SingleValueReply {}
extension Int32: SingleValueReply {}
extension UInt32: SingleValueReply {}
extension ObjectPath: SingleValueReply {}
extension Value: SingleValueReply {}
extension Array: DBusReply where Element: DBusValueConvertible {}
extension Array: SingleValueReply where Element: DBusValueConvertible {}
extension Dictionary: DBusReply where Key: DBusValueConvertible, Value: DBusValueConvertible {}
extension Dictionary: SingleValueReply where Key: DBusValueConvertible, Value: DBusValueConvertible {}
