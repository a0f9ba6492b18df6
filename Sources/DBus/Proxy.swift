/// A remote object's interface: where calls to it go.
public struct Proxy: Sendable {
    public let connection: Connection
    public let destination: String
    public let path: ObjectPath
    public let interface: String

    public init(connection: Connection, destination: String, path: ObjectPath, interface: String) {
        self.connection = connection
        self.destination = destination
        self.path = path
        self.interface = interface
    }

    /// Calls `method` and returns the reply's body.
    public func call(_ method: String, _ arguments: [Value] = [], timeout: Duration = .seconds(25)) async throws -> [Value] {
        try await connection.call(
            destination: destination, path: path, interface: interface, method: method, arguments, timeout: timeout)
    }

    /// Calls `method` with typed arguments and returns its typed reply; a reply of other
    /// types is an `InvalidSignature` error naming the method.
    @discardableResult
    public func call<each Input, Output>(
        _ method: MethodDeclaration<repeat each Input, Output>, _ arguments: repeat each Input, timeout: Duration = .seconds(25)
    ) async throws -> Output {
        try await connection.call(
            method, destination: destination, path: path, interface: interface, repeat each arguments, timeout: timeout)
    }

    /// Signals of this interface from this object (optionally one member).
    public func signals(_ member: String? = nil) async throws -> SignalStream {
        try await connection.signals(matching: MatchRule(sender: destination, path: path, interface: interface, member: member))
    }
}
