import ArgumentParser
import DBus

/// The bus to reach usernoted on: `--address`, else `DBUS_SESSION_BUS_ADDRESS`.
struct BusOptions: ParsableArguments {
    /// A D-Bus address, e.g. `unix:path=/run/user/1000/bus`.
    @Option(help: ArgumentHelp("Bus address to use instead of DBUS_SESSION_BUS_ADDRESS.", valueName: "address"))
    var address: String?

    /// Connects to the bus.
    func connect() throws(DBusError) -> Connection {
        if let address { try Connection(address: address) } else { try Connection.sessionBus() }
    }

    /// Runs `body` with a proxy for the daemon's Center1, then closes the connection.
    func withCenter<T>(_ body: (CenterClient) async throws -> T) async throws -> T {
        let connection = try connect()
        defer { connection.close() }
        return try await body(CenterClient(connection: connection))
    }
}
