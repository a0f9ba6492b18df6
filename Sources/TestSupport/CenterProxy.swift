import DBus

extension Proxy {
    /// usernoted's `Center1` as an app reaches it on `connection`: the names as docs/api.md spells them.
    public static func usernotedCenter(on connection: Connection) -> Proxy {
        Proxy(connection: connection, destination: "io.github.usernoted", path: "/io/github/usernoted",
              interface: "io.github.usernoted.Center1")
    }
}
