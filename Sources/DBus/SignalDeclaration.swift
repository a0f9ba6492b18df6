/// A signal's name and its named, typed arguments, declared once: the emitter sends it
/// (``Connection/emit(_:path:interface:_:destination:)``), receivers read it
/// (``arguments(of:)``), and introspection shows it.
public struct SignalDeclaration<each Argument: DBusValueConvertible>: Sendable {
    public let name: String
    public let arguments: [DBus.Argument]

    /// A signal with these argument names, typed by `Argument`.
    public init(_ name: String, _ arguments: repeat ArgumentName<each Argument>) {
        self.name = name
        self.arguments = [DBus.Argument](repeat each arguments)
    }

    /// The signal as its interface lists it.
    public var signal: Signal { Signal(name: name, arguments: arguments) }

    /// The arguments of a received signal as typed values; an error says what came instead.
    public func arguments(of message: Message) throws(DBusError) -> (repeat each Argument) {
        try TypedBody.decode(message.body, as: repeat (each Argument).self, in: name)
    }
}

extension Connection {
    /// Emits `signal` from `path` with typed arguments; to `destination` only, when given.
    public func emit<each A>(
        _ signal: SignalDeclaration<repeat each A>, path: ObjectPath, interface: String,
        _ arguments: repeat each A, destination: String? = nil
    ) throws(DBusError) {
        try emit(path: path, interface: interface, name: signal.name, TypedBody.encode(repeat each arguments), destination: destination)
    }
}
