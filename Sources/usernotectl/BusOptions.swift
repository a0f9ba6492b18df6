import ArgumentParser
import DBus
import UserNotificationsCore

/// The bus to reach usernoted on: `--address`, else `DBUS_SESSION_BUS_ADDRESS`.
struct BusOptions: ParsableArguments {
    /// A D-Bus address, e.g. `unix:path=/run/user/1000/bus`.
    @Option(help: ArgumentHelp("Bus address to use instead of DBUS_SESSION_BUS_ADDRESS.", valueName: "address"))
    var address: String?

    /// Connects to the bus.
    func connect() async throws(DBusError) -> Connection {
        if let address { try await Connection.open(address: address) } else { try await Connection.sessionBus() }
    }

    /// Runs `body` with a proxy for the daemon's Center1, then closes the connection.
    func withCenter<T>(_ body: (CenterClient) async throws -> T) async throws -> T {
        let connection = try await connect()
        defer { connection.close() }
        return try await body(CenterClient(connection: connection))
    }
}

/// `--app ID`: the app whose notifications a command is about.
struct AppOption: ParsableArguments {
    /// The app id, checked locally so a typo fails before the bus is touched.
    @Option(help: ArgumentHelp("The app id, e.g. org.example.Calendar.", valueName: "id"), transform: Arguments.appID)
    var app: AppID
}

/// `--json`: print data as JSON instead of text.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print JSON (one value per line) instead of text.")
    var json = false
}
