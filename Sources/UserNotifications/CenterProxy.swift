import DBus

/// Typed calls to `io.github.usernoted.Center1` for one app; D-Bus errors become ``UNError``.
struct CenterProxy: Sendable {
    static let busName = "io.github.usernoted"
    static let path: ObjectPath = "/io/github/usernoted"
    static let interface = "io.github.usernoted.Center1"

    let connection: Connection
    let appID: String

    /// Calls `method` with the app id first; returns the reply body.
    func call(_ method: String, _ arguments: [Value] = []) async throws(UNError) -> [Value] {
        do {
            return try await connection.call(
                destination: Self.busName, path: Self.path, interface: Self.interface, method: method,
                [.string(appID)] + arguments)
        } catch let error as DBusError {
            throw UNError(error)
        } catch {
            throw UNError(.requestRejected, "\(method): \(error)")
        }
    }

    /// Calls `method` and returns its single string reply.
    func string(_ method: String, _ arguments: [Value] = []) async throws(UNError) -> String {
        let reply = try await call(method, arguments)
        guard let text = reply.first?.as(String.self) else {
            throw UNError(.requestRejected, "\(method) replied \(reply), not a string")
        }
        return text
    }

    /// Whether usernoted answers (`org.freedesktop.DBus.Peer.Ping`; starts it if it is D-Bus activatable).
    func ping() async throws(UNError) {
        do {
            _ = try await connection.call(
                destination: Self.busName, path: Self.path, interface: "org.freedesktop.DBus.Peer", method: "Ping")
        } catch let error as DBusError {
            throw UNError(error)
        } catch {
            throw UNError(.daemonUnavailable, "\(error)")
        }
    }
}
