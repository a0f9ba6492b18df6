import DBus
import Synchronization

/// A center's connection to the session bus, opened at first use.
final class BusLink: Sendable {
    /// The connection, or its opening under way; nil before the first use and after a failed opening.
    private let state: Mutex<State?>

    /// Being opened (every call that needs the connection meanwhile waits for that one opening), or open.
    private enum State: Sendable {
        case opening(Task<Connection, any Error>)
        case open(Connection)
    }

    /// A link that connects to the session bus when first used.
    init() { state = Mutex(nil) }

    /// A link over an existing connection.
    init(_ connection: Connection) { state = Mutex(.open(connection)) }

    /// The connection, opened now if needed; an opening that failed is tried again next time.
    func open() async throws(UNError) -> Connection {
        let opening: Task<Connection, any Error>
        switch state.withLock({ Self.startOpeningIfNeeded(&$0) }) {
        case .open(let connection): return connection
        case .opening(let task): opening = task
        }
        do {
            let connection = try await opening.value
            state.withLock { if case .opening = $0 { $0 = .open(connection) } }
            return connection
        } catch {
            state.withLock { if case .opening(let task) = $0, task == opening { $0 = nil } }
            if let error = error as? DBusError { throw UNError(.daemonUnavailable, name: error.name.rawValue, error.message) }
            throw UNError(.daemonUnavailable, "\(error)")
        }
    }

    /// `state`, after starting to open the connection when there is none.
    private static func startOpeningIfNeeded(_ state: inout State?) -> State {
        if let state { return state }
        let opening = State.opening(Task { try await Connection.sessionBus() })
        state = opening
        return opening
    }
}
