import DBus
import UsernotedAPI

/// Typed calls to `io.github.usernoted.Center1` for one app; D-Bus errors become ``UNError``.
struct CenterProxy: Sendable {
    let connection: Connection
    let appID: String

    /// Calls `method` with the app id first; returns its reply.
    func call<each Input, Output>(
        _ method: MethodDeclaration<String, repeat each Input, Output>, _ arguments: repeat each Input
    ) async throws(UNError) -> Output {
        do {
            return try await Proxy.usernotedCenter(on: connection).call(method, appID, repeat each arguments)
        } catch let error as DBusError {
            throw UNError(error)
        } catch {
            throw UNError(.requestRejected, "\(method.name): \(error)")
        }
    }

    /// Whether usernoted answers (`org.freedesktop.DBus.Peer.Ping`; starts it if it is D-Bus activatable).
    func ping() async throws(UNError) {
        do {
            _ = try await connection.call(
                destination: Center1.busName, path: Center1.path, interface: "org.freedesktop.DBus.Peer", method: "Ping")
        } catch let error as DBusError {
            throw UNError(error)
        } catch {
            throw UNError(.daemonUnavailable, "\(error)")
        }
    }
}
