/// A Swift type with a fixed D-Bus type, convertible to and from `Value`.
public protocol DBusValueConvertible: Sendable {
    /// The D-Bus type every value of this Swift type has.
    static var dbusType: DBusType { get }
    /// The value on the wire.
    var dbusValue: Value { get }
    /// The Swift value, or nil when `value` has another type.
    init?(dbusValue value: Value)
}

extension String: DBusValueConvertible {
    public static var dbusType: DBusType { .string }
    public var dbusValue: Value { .string(self) }
    public init?(dbusValue value: Value) {
        guard case .string(let v) = value else { return nil }
        self = v
    }
}

extension Bool: DBusValueConvertible {
    public static var dbusType: DBusType { .boolean }
    public var dbusValue: Value { .boolean(self) }
    public init?(dbusValue value: Value) {
        guard case .boolean(let v) = value else { return nil }
        self = v
    }
}

extension UInt8: DBusValueConvertible {
    public static var dbusType: DBusType { .byte }
    public var dbusValue: Value { .byte(self) }
    public init?(dbusValue value: Value) {
        guard case .byte(let v) = value else { return nil }
        self = v
    }
}

extension Int16: DBusValueConvertible {
    public static var dbusType: DBusType { .int16 }
    public var dbusValue: Value { .int16(self) }
    public init?(dbusValue value: Value) {
        guard case .int16(let v) = value else { return nil }
        self = v
    }
}

extension UInt16: DBusValueConvertible {
    public static var dbusType: DBusType { .uint16 }
    public var dbusValue: Value { .uint16(self) }
    public init?(dbusValue value: Value) {
        guard case .uint16(let v) = value else { return nil }
        self = v
    }
}

extension Int32: DBusValueConvertible {
    public static var dbusType: DBusType { .int32 }
    public var dbusValue: Value { .int32(self) }
    public init?(dbusValue value: Value) {
        guard case .int32(let v) = value else { return nil }
        self = v
    }
}

extension UInt32: DBusValueConvertible {
    public static var dbusType: DBusType { .uint32 }
    public var dbusValue: Value { .uint32(self) }
    public init?(dbusValue value: Value) {
        guard case .uint32(let v) = value else { return nil }
        self = v
    }
}

extension Int64: DBusValueConvertible {
    public static var dbusType: DBusType { .int64 }
    public var dbusValue: Value { .int64(self) }
    public init?(dbusValue value: Value) {
        guard case .int64(let v) = value else { return nil }
        self = v
    }
}

extension UInt64: DBusValueConvertible {
    public static var dbusType: DBusType { .uint64 }
    public var dbusValue: Value { .uint64(self) }
    public init?(dbusValue value: Value) {
        guard case .uint64(let v) = value else { return nil }
        self = v
    }
}

extension Double: DBusValueConvertible {
    public static var dbusType: DBusType { .double }
    public var dbusValue: Value { .double(self) }
    public init?(dbusValue value: Value) {
        guard case .double(let v) = value else { return nil }
        self = v
    }
}

extension ObjectPath: DBusValueConvertible {
    public static var dbusType: DBusType { .objectPath }
    public var dbusValue: Value { .objectPath(self) }
    public init?(dbusValue value: Value) {
        guard case .objectPath(let v) = value else { return nil }
        self = v
    }
}

extension UnixFD: DBusValueConvertible {
    public static var dbusType: DBusType { .unixFD }
    public var dbusValue: Value { .unixFD(self) }
    public init?(dbusValue value: Value) {
        guard case .unixFD(let v) = value else { return nil }
        self = v
    }
}

extension Value: DBusValueConvertible {
    /// A `Value` stands for itself inside a variant.
    public static var dbusType: DBusType { .variant }
    public var dbusValue: Value { .variant(self) }
    public init?(dbusValue value: Value) {
        guard case .variant(let v) = value else { return nil }
        self = v
    }
}

extension Array: DBusValueConvertible where Element: DBusValueConvertible {
    public static var dbusType: DBusType { .array(Element.dbusType) }
    @inlinable public var dbusValue: Value {
        var items: [Value] = []
        items.reserveCapacity(count)
        for element in self { items.append(element.dbusValue) }
        return .array(Element.dbusType, items)
    }
    public init?(dbusValue value: Value) {
        guard case .array(let type, let items) = value, type == Element.dbusType else { return nil }
        var result: [Element] = []
        result.reserveCapacity(items.count)
        for item in items {
            guard let element = Element(dbusValue: item) else { return nil }
            result.append(element)
        }
        self = result
    }
}

extension Dictionary: DBusValueConvertible where Key: DBusValueConvertible, Value: DBusValueConvertible {
    public static var dbusType: DBusType { .dictionary(key: Key.dbusType, value: Value.dbusType) }
    @inlinable public var dbusValue: DBus.Value {
        var entries: [DictionaryEntry] = []
        entries.reserveCapacity(count)
        for (key, value) in self { entries.append(DictionaryEntry(key.dbusValue, value.dbusValue)) }
        return .dictionary(key: Key.dbusType, value: Value.dbusType, entries)
    }
    public init?(dbusValue value: DBus.Value) {
        guard case .dictionary(let k, let v, let entries) = value, k == Key.dbusType, v == Value.dbusType else { return nil }
        var result: [Key: Value] = [:]
        for entry in entries {
            guard let key = Key(dbusValue: entry.key), let value = Value(dbusValue: entry.value) else { return nil }
            result[key] = value
        }
        self = result
    }
}

extension Value {
    /// The Swift value of type `T`, or nil when this value has another type.
    public func `as`<T: DBusValueConvertible>(_: T.Type = T.self) -> T? { T(dbusValue: self) }
}
