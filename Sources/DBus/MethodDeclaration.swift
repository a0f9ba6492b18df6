/// A method's name and its named, typed arguments and reply, declared once: the service
/// answers it (``Method/init(_:handler:)``) and callers call it (``Proxy/call(_:_:timeout:)``)
/// from the same value, and introspection shows it.
///
///     static let post = MethodDeclaration<String, String, String>("Post", in: "app_id", "title", out: "request_id")
public struct MethodDeclaration<each Input: DBusValueConvertible, Output: DBusReply>: Sendable {
    public let name: String
    public let inputs: [Argument]
    public let outputs: [Argument]

    /// A method with these argument names (typed by `Input`) and reply names (one per value of `Output`).
    public init(_ name: String, in inputs: repeat ArgumentName<each Input>, out outputs: String...) {
        precondition(outputs.count == Output.types.count, "\(name) names \(outputs.count) reply values; \(Output.self) has \(Output.types.count)")
        self.name = name
        self.inputs = [Argument](repeat each inputs)
        self.outputs = zip(outputs, Output.types).map { Argument(name: $0, type: $1) }
    }

    /// The arguments of `call` as typed values.
    public func arguments(of call: MethodCall) throws(DBusError) -> (repeat each Input) {
        try TypedBody.decode(call.arguments, as: repeat (each Input).self, in: name)
    }

    /// The reply read from a reply body; an error says what came instead.
    public func output(from body: [Value]) throws(DBusError) -> Output {
        guard let output = Output(values: body) else {
            throw DBusError(.invalidSignature, "\(name) replied \"\(Signature(body.map(\.type)))\", not \"\(Signature(Output.types))\"")
        }
        return output
    }

    /// The body of a call with these arguments.
    public func body(_ arguments: repeat each Input) -> [Value] {
        TypedBody.encode(repeat each arguments)
    }
}

extension Connection {
    /// Calls `method` on `destination` with typed arguments and returns its typed reply; a
    /// reply of other types is an `InvalidSignature` error naming the method.
    @discardableResult
    public func call<each Input, Output>(
        _ method: MethodDeclaration<repeat each Input, Output>, destination: String, path: ObjectPath, interface: String,
        _ arguments: repeat each Input, timeout: Duration = .seconds(25), autoStart: Bool = true
    ) async throws -> Output {
        try method.output(from: await call(
            destination: destination, path: path, interface: interface, method: method.name,
            method.body(repeat each arguments), timeout: timeout, autoStart: autoStart))
    }
}
