/// Another program's properties (`org.freedesktop.DBus.Properties`), read as a client.
extension Connection {
    /// The standard properties interface, whose `PropertiesChanged` announces changes.
    public static let propertiesInterface = StandardInterface.properties

    /// Property `name` of `interface` at `path` of `destination` (`Properties.Get`), its
    /// variant unwrapped.
    public func property(
        _ name: String, of interface: String, at path: ObjectPath, on destination: String, timeout: Duration = .seconds(25)
    ) async throws -> Value {
        let reply = try await call(
            destination: destination, path: path, interface: StandardInterface.properties, method: StandardInterface.get.name,
            [.string(interface), .string(name)], timeout: timeout)
        guard case .variant(let value)? = reply.first else {
            throw DBusError(.invalidSignature, "\(destination) answered Properties.Get of \(name) without a variant")
        }
        return value
    }
}

extension Message {
    /// In a `PropertiesChanged` signal, the new value of property `name` (its variant
    /// unwrapped); nil when the signal does not carry it.
    public func changedProperty(_ name: String) -> Value? {
        guard body.count >= 2, case .dictionary(_, _, let entries) = body[1],
              let entry = entries.first(where: { $0.key == .string(name) })
        else { return nil }
        if case .variant(let value) = entry.value { return value }
        return entry.value
    }
}
