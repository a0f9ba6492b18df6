/// A named, typed argument of a method or signal, as introspection shows it.
public struct Argument: Sendable, Hashable {
    public var name: String
    public var type: DBusType

    public init(name: String, type: DBusType) {
        self.name = name
        self.type = type
    }
}

/// The name of an argument of Swift type `T` in a typed declaration: `"app_id"`.
public struct ArgumentName<T: DBusValueConvertible>: Sendable, ExpressibleByStringLiteral {
    public let name: String

    public init(stringLiteral name: String) { self.name = name }

    /// The argument, typed by `T`.
    var argument: Argument { Argument(name: name, type: T.dbusType) }
}

extension Array where Element == Argument {
    /// The arguments named by `names`, each typed by its Swift type.
    init<each T>(_ names: repeat ArgumentName<each T>) {
        self = []
        for name in repeat each names { append(name.argument) }
    }
}

/// A message body made from, and read as, typed values.
public enum TypedBody {
    /// The body carrying `values`, in order.
    public static func encode<each T: DBusValueConvertible>(_ values: repeat each T) -> [Value] {
        var body: [Value] = []
        for value in repeat each values { body.append(value.dbusValue) }
        return body
    }

    /// The values of `body` as the Swift types given, in order; an error names what was sent
    /// instead, so that a caller sending the wrong types is told and nothing traps.
    public static func decode<each T: DBusValueConvertible>(
        _ body: [Value], as types: repeat (each T).Type, in member: String
    ) throws(DBusError) -> (repeat each T) {
        try decode(body[...], as: repeat (each T).self, in: member)
    }

    /// The values of part of a body (say, all but a leading argument read on its own), read
    /// as a whole body is read, without copying it.
    public static func decode<each T: DBusValueConvertible>(
        _ body: ArraySlice<Value>, as types: repeat (each T).Type, in member: String
    ) throws(DBusError) -> (repeat each T) {
        func mismatch() -> DBusError {
            var wanted: [DBusType] = []
            for type in repeat (each T).self { wanted.append(type.dbusType) }
            return DBusError(.invalidArgs, "\(member) carries \"\(Signature(body.map(\.type)))\", not \"\(Signature(wanted))\"")
        }
        var remaining = body
        func next<V: DBusValueConvertible>(_: V.Type) throws(DBusError) -> V {
            guard let value = remaining.popFirst()?.as(V.self) else { throw mismatch() }
            return value
        }
        let values = (repeat try next((each T).self))
        guard remaining.isEmpty else { throw mismatch() }
        return values
    }
}
