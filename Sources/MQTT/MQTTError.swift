/// A client that cannot be set up (an option libmosquitto refuses, a TLS file it cannot use), and why.
public struct MQTTError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
