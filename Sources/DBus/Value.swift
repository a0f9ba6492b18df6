/// A D-Bus value of any type, tagged with its type so that empty containers keep one.
///
/// Only a variant is boxed: containers already keep their elements in an array's buffer,
/// and a boxed string or number would cost an allocation per argument of every message.
public enum Value: Hashable, Sendable {
    case byte(UInt8)
    case boolean(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(ObjectPath)
    case signature(Signature)
    case unixFD(UnixFD)
    /// An array whose elements all have the given type.
    case array(DBusType, [Value])
    /// A dictionary `a{KV}`; entries keep their wire order.
    case dictionary(key: DBusType, value: DBusType, [DictionaryEntry])
    case structure([Value])
    indirect case variant(Value)

    /// The value's complete type.
    public var type: DBusType {
        switch self {
        case .byte: .byte
        case .boolean: .boolean
        case .int16: .int16
        case .uint16: .uint16
        case .int32: .int32
        case .uint32: .uint32
        case .int64: .int64
        case .uint64: .uint64
        case .double: .double
        case .string: .string
        case .objectPath: .objectPath
        case .signature: .signature
        case .unixFD: .unixFD
        case .array(let element, _): .array(element)
        case .dictionary(let key, let value, _): .dictionary(key: key, value: value)
        case .structure(let fields): .structure(fields.map(\.type))
        case .variant: .variant
        }
    }

    /// Checks what the wire format needs and Swift's types do not ensure: element types
    /// match their container, strings hold no NUL, nesting stays within the spec's limits.
    public func validate(depth: Int = 0) throws(DBusError) {
        guard depth <= 64 else { throw DBusError(.invalidArgs, "value nested more than 64 deep") }
        switch self {
        case .string(let s):
            guard !s.containsNUL else { throw DBusError(.invalidArgs, "a D-Bus string cannot contain a NUL character") }
        case .array(let element, let items):
            for item in items {
                guard item.type == element else {
                    throw DBusError(.invalidArgs, "array of \(element.code) holds a \(item.type.code)")
                }
                try item.validate(depth: depth + 1)
            }
        case .dictionary(let keyType, let valueType, let entries):
            guard keyType.isBasic else { throw DBusError(.invalidArgs, "dictionary key type \(keyType.code) is not basic") }
            for entry in entries {
                guard entry.key.type == keyType, entry.value.type == valueType else {
                    throw DBusError(.invalidArgs, "dictionary a{\(keyType.code)\(valueType.code)} holds an entry of {\(entry.key.type.code)\(entry.value.type.code)}")
                }
                try entry.key.validate(depth: depth + 1)
                try entry.value.validate(depth: depth + 1)
            }
        case .structure(let fields):
            guard !fields.isEmpty else { throw DBusError(.invalidArgs, "a struct needs at least one field") }
            for field in fields { try field.validate(depth: depth + 1) }
        case .variant(let inner):
            try inner.validate(depth: depth + 1)
        default:
            break
        }
    }
}

/// One key/value pair of a dictionary value.
public struct DictionaryEntry: Hashable, Sendable {
    public var key: Value
    public var value: Value
    public init(_ key: Value, _ value: Value) {
        self.key = key
        self.value = value
    }
}

/// A syntactically valid object path such as `/io/github/usernoted`.
public struct ObjectPath: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The path text.
    public let rawValue: String

    /// Validates `/`-separated elements of `[A-Za-z0-9_]`, no empty element, no trailing `/`.
    public init(_ text: String) throws(DBusError) {
        guard ObjectPath.isValid(text) else {
            throw DBusError(.invalidArgs, "\"\(text)\" is not a valid object path (like /org/example/Object: elements of A-Z a-z 0-9 _ separated by /)")
        }
        rawValue = text
    }

    public init(stringLiteral value: String) {
        precondition(ObjectPath.isValid(value), "bad object path literal \(value)")
        rawValue = value
    }

    /// Whether `text` follows the object path rules.
    public static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.first == UInt8(ascii: "/") else { return false }
        if bytes.count == 1 { return true }
        guard bytes.last != UInt8(ascii: "/") else { return false }
        var previousSlash = false
        for b in bytes.dropFirst() {
            if b == UInt8(ascii: "/") {
                if previousSlash { return false }
                previousSlash = true
                continue
            }
            previousSlash = false
            let ok = (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "_")
            if !ok { return false }
        }
        return true
    }

    /// The root path `/`.
    public static let root: ObjectPath = "/"

    public var description: String { rawValue }

    /// The paths of this path's ancestors' direct child that leads here, for introspection.
    func isDescendant(of parent: ObjectPath) -> Bool {
        if parent.rawValue == "/" { return rawValue != "/" }
        return rawValue.hasPrefix(parent.rawValue + "/")
    }
}

/// A Unix file descriptor carried in a message. A received one is a fresh duplicate the
/// receiver owns and must close; an appended one is duplicated by libdbus.
public struct UnixFD: Hashable, Sendable {
    /// The descriptor number.
    public let rawValue: Int32
    public init(_ rawValue: Int32) { self.rawValue = rawValue }
}

extension String {
    /// Whether the text holds a NUL byte, which a D-Bus string cannot carry (searched in the
    /// string's own UTF-8 storage when it has some: byte by byte through `utf8` costs about
    /// 20 instructions a byte).
    var containsNUL: Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(0) } ?? utf8.contains(0)
    }
}
