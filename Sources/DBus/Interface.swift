/// An interface an exported object implements, declared once as data: dispatch,
/// introspection and the `Properties` interface are all read from it.
public struct Interface: Sendable {
    public var name: String
    public var methods: [Method]
    public var signals: [Signal]
    public var properties: [Property]

    public init(_ name: String, methods: [Method] = [], signals: [Signal] = [], properties: [Property] = []) {
        self.name = name
        self.methods = methods
        self.signals = signals
        self.properties = properties
    }
}

/// One incoming method call, as a handler sees it.
public struct MethodCall: Sendable {
    /// The message, with the sender's unique name and the arguments.
    public let message: Message
    /// The connection the call came in on, to call back or emit from.
    public let connection: Connection

    /// The call's arguments, already checked against the declared signature.
    public var arguments: [Value] { message.body }
    /// The caller's unique bus name.
    public var sender: String { message.sender ?? "" }
}

/// A method as an interface serves it: name, in and out arguments, and how it answers.
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
        /// returns its continuation (waiting for disk or another peer), which may overlap the
        /// calls after it and returns the reply body.
        case pipelined(@Sendable (MethodCall) async throws -> Continuation)
    }

    /// The part of a pipelined call that may overlap later calls; returns the reply body.
    public typealias Continuation = @Sendable () async throws -> [Value]

    /// A method whose handler reads and answers raw values (a test double, a deliberately
    /// misbehaving peer); the arguments are checked against `declaration` before it runs.
    public init<each Input, Output>(_ declaration: MethodDeclaration<repeat each Input, Output>, body: Body) {
        self.init(declaration.name, inputs: declaration.inputs, outputs: declaration.outputs, body: body)
    }

    /// A method whose arguments are only known at run time (a generic proxy, an echo service).
    public init(_ name: String, inputs: [Argument], outputs: [Argument], body: Body) {
        self.name = name
        self.inputs = inputs
        self.outputs = outputs
        self.body = body
    }

    /// Answers `declaration` with `handler`, which gets the call and its typed arguments and
    /// returns the reply or throws a `DBusErrorConvertible` error. (Disfavoured so that a
    /// handler of a method replying nothing is the `Void` one below.)
    @_disfavoredOverload
    public init<each Input, Output>(
        _ declaration: MethodDeclaration<repeat each Input, Output>,
        handler: @escaping @Sendable (MethodCall, repeat each Input) async throws -> Output
    ) {
        self.init(declaration, body: .serial { call in
            let arguments = try declaration.arguments(of: call)
            return try await handler(call, repeat each arguments).values
        })
    }

    /// Answers `declaration`, which replies nothing, with `handler`.
    public init<each Input>(
        _ declaration: MethodDeclaration<repeat each Input, NoReply>,
        handler: @escaping @Sendable (MethodCall, repeat each Input) async throws -> Void
    ) {
        self.init(declaration, body: .serial { call in
            let arguments = try declaration.arguments(of: call)
            try await handler(call, repeat each arguments)
            return []
        })
    }

    /// Answers `declaration` in two parts (see ``Body/pipelined(_:)``): `handler` does in order
    /// what must be, and returns the continuation that produces the reply.
    public static func pipelined<each Input, Output>(
        _ declaration: MethodDeclaration<repeat each Input, Output>,
        _ handler: @escaping @Sendable (MethodCall, repeat each Input) async throws -> @Sendable () async throws -> Output
    ) -> Method {
        Method(declaration, body: .pipelined { call in
            let arguments = try declaration.arguments(of: call)
            let continuation = try await handler(call, repeat each arguments)
            return { try await continuation().values }
        })
    }
}

/// A signal as an interface lists it, for introspection (see ``SignalDeclaration``).
public struct Signal: Sendable {
    public var name: String
    public var arguments: [Argument]
}

/// A property, readable and optionally writable through `org.freedesktop.DBus.Properties`.
public struct Property: Sendable {
    public var name: String
    public var type: DBusType
    public var get: @Sendable () async throws -> Value
    public var set: (@Sendable (Value) async throws -> Void)?

    /// A property of Swift type `T`: `Property("LockedHint", get: { locked })`.
    public init<T: DBusValueConvertible>(
        _ name: String, get: @escaping @Sendable () async throws -> T, set: (@Sendable (T) async throws -> Void)? = nil
    ) {
        self.name = name
        self.type = T.dbusType
        self.get = { try await get().dbusValue }
        guard let set else {
            self.set = nil
            return
        }
        self.set = { @Sendable (value: Value) async throws in
            guard let typed = value.as(T.self) else {
                throw DBusError(.invalidArgs, "property \(name) has type \(T.dbusType.code)")
            }
            try await set(typed)
        }
    }
}
