import UserNotificationsCore

/// `userInfo` as apps write it (`[AnyHashable: Any]`) and as the daemon carries it (JSON).
enum UserInfoConversion {
    /// The JSON form of `userInfo`, and the keys whose values have none (sorted).
    static func json(from userInfo: [AnyHashable: Any]) -> (values: [String: JSONValue], unconvertible: [String]) {
        var values: [String: JSONValue] = [:]
        var unconvertible: [String] = []
        for (key, value) in userInfo {
            guard let name = key.base as? String else {
                unconvertible.append("\(key.base)")
                continue
            }
            if let json = json(from: value) { values[name] = json } else { unconvertible.append(name) }
        }
        return (values, unconvertible.sorted())
    }

    /// One value as JSON: strings, numbers, booleans, null, and arrays and string-keyed
    /// dictionaries of those; nil for anything else.
    static func json(from value: Any) -> JSONValue? {
        switch value {
        case let v as String: return .string(v)
        case let v as Bool: return .bool(v)
        case let v as Int: return .int(Int64(v))
        case let v as Int64: return .int(v)
        case let v as Int32: return .int(Int64(v))
        case let v as UInt: return Int64(exactly: v).map(JSONValue.int) ?? .double(Double(v))
        case let v as Double: return .double(v)
        case let v as Float: return .double(Double(v))
        case let v as NSNumber: return Int64(exactly: v.doubleValue).map(JSONValue.int) ?? .double(v.doubleValue)
        case is NSNull: return .null
        case let v as [Any]:
            var items: [JSONValue] = []
            for item in v {
                guard let json = json(from: item) else { return nil }
                items.append(json)
            }
            return .array(items)
        case let v as [AnyHashable: Any]:
            let (members, unconvertible) = json(from: v)
            return unconvertible.isEmpty ? .object(members) : nil
        default:
            // An Optional that holds nothing is JSON null.
            if let optional = value as? OptionalValue, optional.isNone { return .null }
            return nil
        }
    }

    /// `userInfo` as apps read it: String, Int, Double, Bool, NSNull, `[Any]`, `[String: Any]`.
    static func objects(from userInfo: [String: JSONValue]) -> [AnyHashable: Any] {
        var result: [AnyHashable: Any] = [:]
        for (key, value) in userInfo { result[key] = object(from: value) }
        return result
    }

    /// One JSON value as the Swift value apps cast to.
    static func object(from value: JSONValue) -> Any {
        switch value {
        case .null: NSNull()
        case .bool(let v): v
        case .int(let v): Int(exactly: v) ?? Double(v)
        case .double(let v): v
        case .string(let v): v
        case .array(let v): v.map(object(from:))
        case .object(let v): v.mapValues(object(from:)) as [String: Any]
        }
    }
}

/// Lets a value of type `Any` be asked whether it is an empty `Optional`.
private protocol OptionalValue {
    var isNone: Bool { get }
}

extension Optional: OptionalValue {
    var isNone: Bool { self == nil }
}
