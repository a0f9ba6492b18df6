import DBus
import UserNotificationsCore

/// A D-Bus value as JSON with its type, `{"type": "s", "value": "anna"}`, so that a GLib
/// action target can wait in the store (in `userInfo`) and go back to the app as the very
/// value it sent. Integers stay exact (64-bit unsigned ones as decimal strings), a dictionary
/// is a list of `[key, value]` pairs, a struct a list of its fields, a variant a nested
/// `{"type", "value"}`. File descriptors cannot be kept.
enum VariantJSON {
    /// `value` with its type; nil for a value holding a file descriptor.
    static func encode(_ value: Value) -> JSONValue? {
        guard let inner = content(of: value) else { return nil }
        return .object(["type": .string(value.type.code), "value": inner])
    }

    /// The value `json` holds; nil when it is not what ``encode(_:)`` makes.
    static func decode(_ json: JSONValue) -> Value? {
        guard case .object(let fields) = json, case .string(let code)? = fields["type"], let inner = fields["value"],
              let signature = try? Signature(parsing: code), signature.types.count == 1
        else { return nil }
        return value(inner, as: signature.types[0])
    }

    private static func content(of value: Value) -> JSONValue? {
        switch value {
        case .byte(let v): .int(Int64(v))
        case .boolean(let v): .bool(v)
        case .int16(let v): .int(Int64(v))
        case .uint16(let v): .int(Int64(v))
        case .int32(let v): .int(Int64(v))
        case .uint32(let v): .int(Int64(v))
        case .int64(let v): .int(v)
        case .uint64(let v): .string(String(v))
        case .double(let v): v.isFinite ? .double(v) : .string(String(v))
        case .string(let v): .string(v)
        case .objectPath(let v): .string(v.rawValue)
        case .signature(let v): .string(v.description)
        case .unixFD: nil
        case .array(_, let items): all(items.map(content(of:)))
        case .dictionary(_, _, let entries):
            all(entries.map { entry in all([content(of: entry.key), content(of: entry.value)]) })
        case .structure(let fields): all(fields.map(content(of:)))
        case .variant(let inner): encode(inner)
        }
    }

    /// The array of `items`, unless one of them could not be kept.
    private static func all(_ items: [JSONValue?]) -> JSONValue? {
        let kept = items.compactMap { $0 }
        return kept.count == items.count ? .array(kept) : nil
    }

    private static func value(_ json: JSONValue, as type: DBusType) -> Value? {
        switch (type, json) {
        case (.byte, .int(let v)): UInt8(exactly: v).map(Value.byte)
        case (.boolean, .bool(let v)): .boolean(v)
        case (.int16, .int(let v)): Int16(exactly: v).map(Value.int16)
        case (.uint16, .int(let v)): UInt16(exactly: v).map(Value.uint16)
        case (.int32, .int(let v)): Int32(exactly: v).map(Value.int32)
        case (.uint32, .int(let v)): UInt32(exactly: v).map(Value.uint32)
        case (.int64, .int(let v)): .int64(v)
        case (.uint64, .string(let v)): UInt64(v).map(Value.uint64)
        case (.double, .int(let v)): .double(Double(v))
        case (.double, .double(let v)): .double(v)
        case (.double, .string(let v)): Double(v).map(Value.double)
        case (.string, .string(let v)): .string(v)
        case (.objectPath, .string(let v)): (try? ObjectPath(v)).map(Value.objectPath)
        case (.signature, .string(let v)): (try? Signature(parsing: v)).map(Value.signature)
        case (.array(let element), .array(let items)):
            every(items.map { value($0, as: element) }).map { .array(element, $0) }
        case (.dictionary(let keyType, let valueType), .array(let pairs)):
            every(pairs.map { pair -> DictionaryEntry? in
                guard case .array(let kv) = pair, kv.count == 2,
                      let key = value(kv[0], as: keyType), let item = value(kv[1], as: valueType) else { return nil }
                return DictionaryEntry(key, item)
            }).map { .dictionary(key: keyType, value: valueType, $0) }
        case (.structure(let types), .array(let fields)) where types.count == fields.count:
            every(zip(fields, types).map { value($0, as: $1) }).map(Value.structure)
        case (.variant, _): decode(json).map(Value.variant)
        default: nil
        }
    }

    /// All of `items`, unless one of them is nil.
    private static func every<T>(_ items: [T?]) -> [T]? {
        let kept = items.compactMap { $0 }
        return kept.count == items.count ? kept : nil
    }
}
