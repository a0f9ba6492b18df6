import CDBus

/// One complete D-Bus type, as a signature describes it.
public indirect enum DBusType: Hashable, Sendable {
    case byte, boolean, int16, uint16, int32, uint32, int64, uint64, double
    case string, objectPath, signature, unixFD, variant
    /// `aT`: an array of one element type (not a dictionary).
    case array(DBusType)
    /// `a{KV}`: a dictionary; the key is a basic type.
    case dictionary(key: DBusType, value: DBusType)
    /// `(…)`: a struct of at least one field.
    case structure([DBusType])

    /// Whether this is a basic type (allowed as a dictionary key).
    public var isBasic: Bool {
        switch self {
        case .array, .dictionary, .structure, .variant: false
        default: true
        }
    }

    /// The type's signature text, e.g. `a{sv}`.
    public var code: String {
        switch self {
        case .byte: "y"
        case .boolean: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .unixFD: "h"
        case .variant: "v"
        case .array(let element): "a" + element.code
        case .dictionary(let key, let value): "a{" + key.code + value.code + "}"
        case .structure(let fields): "(" + fields.map(\.code).joined() + ")"
        }
    }

    /// The libdbus type code of the outermost type.
    var typeCode: Int32 {
        switch self {
        case .byte: CDBUS_TYPE_BYTE
        case .boolean: CDBUS_TYPE_BOOLEAN
        case .int16: CDBUS_TYPE_INT16
        case .uint16: CDBUS_TYPE_UINT16
        case .int32: CDBUS_TYPE_INT32
        case .uint32: CDBUS_TYPE_UINT32
        case .int64: CDBUS_TYPE_INT64
        case .uint64: CDBUS_TYPE_UINT64
        case .double: CDBUS_TYPE_DOUBLE
        case .string: CDBUS_TYPE_STRING
        case .objectPath: CDBUS_TYPE_OBJECT_PATH
        case .signature: CDBUS_TYPE_SIGNATURE
        case .unixFD: CDBUS_TYPE_UNIX_FD
        case .variant: CDBUS_TYPE_VARIANT
        case .array, .dictionary: CDBUS_TYPE_ARRAY
        case .structure: CDBUS_TYPE_STRUCT
        }
    }
}

/// A sequence of complete types: the signature of a message body or a container.
public struct Signature: Hashable, Sendable, CustomStringConvertible {
    /// The complete types, in order.
    public let types: [DBusType]

    /// A signature of the given types.
    public init(_ types: [DBusType]) { self.types = types }

    /// Parses and validates signature text such as `sa{sv}as`.
    public init(parsing text: String) throws(DBusError) {
        guard text.utf8.count <= 255 else {
            throw DBusError(.invalidSignature, "signature is longer than 255 bytes")
        }
        var parser = SignatureParser(text: Array(text.utf8), source: text)
        var types: [DBusType] = []
        while !parser.atEnd { types.append(try parser.parseComplete(depth: 0, arrayDepth: 0, structDepth: 0)) }
        self.types = types
    }

    /// The signature text.
    public var description: String { types.map(\.code).joined() }
}

extension Signature: ExpressibleByStringLiteral {
    /// A signature from a literal; a malformed literal is a programming error.
    public init(stringLiteral value: String) {
        do { try self.init(parsing: value) } catch { preconditionFailure("bad signature literal \(value): \(error)") }
    }
}

/// A recursive-descent reader of signature text, with the spec's nesting limits.
private struct SignatureParser {
    let text: [UInt8]
    let source: String
    var index = 0

    var atEnd: Bool { index >= text.count }

    func fail(_ why: String) -> DBusError {
        DBusError(.invalidSignature, "invalid signature \"\(source)\": \(why)")
    }

    mutating func parseComplete(depth: Int, arrayDepth: Int, structDepth: Int) throws(DBusError) -> DBusType {
        guard arrayDepth <= 32, structDepth <= 32 else { throw fail("nested more than 32 deep") }
        guard !atEnd else { throw fail("ends in the middle of a type") }
        let c = text[index]
        index += 1
        switch c {
        case UInt8(ascii: "y"): return .byte
        case UInt8(ascii: "b"): return .boolean
        case UInt8(ascii: "n"): return .int16
        case UInt8(ascii: "q"): return .uint16
        case UInt8(ascii: "i"): return .int32
        case UInt8(ascii: "u"): return .uint32
        case UInt8(ascii: "x"): return .int64
        case UInt8(ascii: "t"): return .uint64
        case UInt8(ascii: "d"): return .double
        case UInt8(ascii: "s"): return .string
        case UInt8(ascii: "o"): return .objectPath
        case UInt8(ascii: "g"): return .signature
        case UInt8(ascii: "h"): return .unixFD
        case UInt8(ascii: "v"): return .variant
        case UInt8(ascii: "a"):
            if !atEnd, text[index] == UInt8(ascii: "{") {
                index += 1
                let key = try parseComplete(depth: depth + 1, arrayDepth: arrayDepth + 1, structDepth: structDepth)
                guard key.isBasic else { throw fail("a dictionary key must be a basic type, not \(key.code)") }
                let value = try parseComplete(depth: depth + 1, arrayDepth: arrayDepth + 1, structDepth: structDepth)
                guard !atEnd, text[index] == UInt8(ascii: "}") else { throw fail("a dictionary entry holds exactly two types") }
                index += 1
                return .dictionary(key: key, value: value)
            }
            return .array(try parseComplete(depth: depth + 1, arrayDepth: arrayDepth + 1, structDepth: structDepth))
        case UInt8(ascii: "("):
            var fields: [DBusType] = []
            while !atEnd, text[index] != UInt8(ascii: ")") {
                fields.append(try parseComplete(depth: depth + 1, arrayDepth: arrayDepth, structDepth: structDepth + 1))
            }
            guard !atEnd else { throw fail("unclosed struct") }
            index += 1
            guard !fields.isEmpty else { throw fail("empty struct") }
            return .structure(fields)
        default:
            throw fail("unexpected '\(Character(Unicode.Scalar(c)))' at offset \(index - 1)")
        }
    }
}
