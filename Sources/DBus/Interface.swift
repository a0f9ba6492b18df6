/// An interface an exported object implements, declared once as data: dispatch,
/// introspection and the `Properties` interface are all read from it.
public struct Interface: Sendable {
    public var name: String
    public var methods: [Method]
    public var signals: [SignalDeclaration]
    public var properties: [Property]

    public init(_ name: String, methods: [Method] = [], signals: [SignalDeclaration] = [], properties: [Property] = []) {
        self.name = name
        self.methods = methods
        self.signals = signals
        self.properties = properties
    }
}

/// A named, typed argument, written `"s app_id"` in declarations.
public struct Argument: Sendable, Hashable {
    public var name: String
    public var type: DBusType

    /// Parses a comma-separated list such as `"s app_id, as ids"`; bad text is a programming error.
    static func list(_ text: String) -> [Argument] {
        text.split(separator: ",").map { item in
            let words = item.split(separator: " ", omittingEmptySubsequences: true)
            precondition(words.count == 2, "argument \"\(item)\" must read \"<signature> <name>\"")
            let signature = Signature(stringLiteral: String(words[0]))
            precondition(signature.types.count == 1, "argument \"\(item)\" must have one complete type")
            return Argument(name: String(words[1]), type: signature.types[0])
        }
    }
}

/// One incoming method call, as a handler sees it.
public struct MethodCall: Sendable {
    /// The message, with the sender's unique name and the typed arguments.
    public let message: Message
    /// The connection the call came in on, to call back or emit from.
    public let connection: Connection

    /// The call's arguments, already checked against the declared signature.
    public var arguments: [Value] { message.body }
    /// The caller's unique bus name.
    public var sender: String { message.sender ?? "" }

    /// The argument at `index` as a `T`; the signature check makes a mismatch a bug.
    public func argument<T: DBusValueConvertible>(_ index: Int, as type: T.Type = T.self) -> T {
        guard let value = message.body[index].as(T.self) else {
            preconditionFailure("argument \(index) is a \(message.body[index].type.code), not a \(T.dbusType.code)")
        }
        return value
    }
}

/// A method: name, in and out arguments, and the handler that answers it.
public struct Method: Sendable {
    public var name: String
    public var inputs: [Argument]
    public var outputs: [Argument]
    /// How the method answers a call.
    public var body: Body

    /// How a method answers: the calls of a connection are served in the order they came
    /// (each sender's, senders in turn), and a call may not start before the calls ahead of
    /// it have done what must happen in that order.
    public enum Body: Sendable {
        /// The whole call is done in order: it starts once every call ahead of it has finished.
        case serial(@Sendable (MethodCall) async throws -> [Value])
        /// The handler does in order what must be (checks, state changes, writes queued) and
        /// returns the rest (waiting for disk or another peer), which may overlap the calls
        /// after it. The rest returns the reply body.
        case pipelined(@Sendable (MethodCall) async throws -> Rest)
    }

    /// The part of a pipelined call that may overlap later calls; returns the reply body.
    public typealias Rest = @Sendable () async throws -> [Value]

    /// A method declared as `Method("Post", in: "s app_id, s title", out: "s id") { call in … }`;
    /// the handler returns the reply body (matching `outputs`) or throws a `DBusErrorConvertible` error.
    public init(
        _ name: String, in inputs: String = "", out outputs: String = "",
        handler: @escaping @Sendable (MethodCall) async throws -> [Value]
    ) {
        self.init(name, in: inputs, out: outputs, body: .serial(handler))
    }

    /// A method whose body is given as a ``Body``.
    public init(_ name: String, in inputs: String = "", out outputs: String = "", body: Body) {
        self.name = name
        self.inputs = Argument.list(inputs)
        self.outputs = Argument.list(outputs)
        self.body = body
    }

    /// The signature callers must use.
    public var inputSignature: Signature { Signature(inputs.map(\.type)) }
}

/// A signal the interface may emit, for introspection.
public struct SignalDeclaration: Sendable {
    public var name: String
    public var arguments: [Argument]

    /// A signal declared as `SignalDeclaration("Response", "s app_id, s request_id")`.
    public init(_ name: String, _ arguments: String = "") {
        self.name = name
        self.arguments = Argument.list(arguments)
    }
}

/// A property, readable and optionally writable through `org.freedesktop.DBus.Properties`.
public struct Property: Sendable {
    public var name: String
    public var type: DBusType
    public var get: @Sendable () async throws -> Value
    public var set: (@Sendable (Value) async throws -> Void)?

    /// A property declared as `Property("Version", "s", get: { .string("1") })`.
    public init(
        _ name: String, _ signature: Signature, get: @escaping @Sendable () async throws -> Value,
        set: (@Sendable (Value) async throws -> Void)? = nil
    ) {
        precondition(signature.types.count == 1, "property \(name) must have one complete type")
        self.name = name
        self.type = signature.types[0]
        self.get = get
        self.set = set
    }
}
