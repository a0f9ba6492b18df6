import DBus
import Synchronization

/// A center's connection to the session bus, opened at first use.
final class BusLink: Sendable {
    private let connection: Mutex<Connection?>

    /// A link that connects to the session bus when first used.
    init() { connection = Mutex(nil) }

    /// A link over an existing connection.
    init(_ connection: Connection) { self.connection = Mutex(connection) }

    /// The connection, opened now if needed; `fresh` is true when it was just opened.
    func open() throws(UNError) -> (connection: Connection, fresh: Bool) {
        try connection.withLock { (stored: inout Connection?) throws(UNError) -> (Connection, Bool) in
            if let stored { return (stored, false) }
            do {
                let opened = try Connection.sessionBus()
                stored = opened
                return (opened, true)
            } catch let error as DBusError {
                throw UNError(.daemonUnavailable, name: error.name.rawValue, error.message)
            } catch {
                throw UNError(.daemonUnavailable, "\(error)")
            }
        }
    }
}
