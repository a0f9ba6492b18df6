import DBus
import Foundation
import Logging

/// Whether the user's session is locked, from logind's `LockedHint` on the system bus
/// (`DBUS_SYSTEM_BUS_ADDRESS`, else the standard socket). Without a system bus or logind
/// the session counts as unlocked, said once in the log.
public enum SessionLock {
    static let logind = "org.freedesktop.login1"
    static let managerPath: ObjectPath = "/org/freedesktop/login1"
    static let sessionInterface = "org.freedesktop.login1.Session"

    /// The system bus address to use.
    public static func systemBusAddress(environment: [String: String] = ProcessEnvironment.read()) -> String {
        environment["DBUS_SYSTEM_BUS_ADDRESS"].flatMap { $0.isEmpty ? nil : $0 } ?? "unix:path=/run/dbus/system_bus_socket"
    }

    /// The lock state now and at each change, until the system bus goes away; empty when it cannot be read.
    static func states(address: String, logger: Logger) async -> AsyncStream<Bool> {
        do {
            // A bus that never answers Hello fails this after the call timeout; nothing waits meanwhile.
            let connection = try await Connection.open(address: address)
            // "auto": the caller's session, or for a service outside any session the user's display session.
            let reply = try await connection.call(
                destination: logind, path: managerPath, interface: "org.freedesktop.login1.Manager", method: "GetSession",
                [.string("auto")], timeout: .seconds(5))
            guard let path = reply.first?.as(ObjectPath.self) else { throw DBusError(.invalidSignature, "GetSession did not return a path") }
            let changes = try await connection.signals(matching: MatchRule(
                sender: logind, path: path, interface: Connection.propertiesInterface, member: "PropertiesChanged",
                arguments: [0: sessionInterface]))
            let first = try await lockedHint(at: path, on: connection)
            logger.info("following the session's lock state", metadata: ["session": "\(path)", "locked": "\(first)"])
            return AsyncStream { continuation in
                continuation.yield(first)
                let task = Task {
                    for await message in changes {
                        guard case .boolean(let locked)? = message.changedProperty("LockedHint") else { continue }
                        continuation.yield(locked)
                    }
                    _ = connection  // kept open while the stream lives
                    continuation.finish()
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        } catch {
            logger.notice("cannot read the session's lock state from logind; treating the session as unlocked",
                          metadata: ["error": "\(error)"])
            return AsyncStream { $0.finish() }
        }
    }

    private static func lockedHint(at path: ObjectPath, on connection: Connection) async throws -> Bool {
        let value = try await connection.property("LockedHint", of: sessionInterface, at: path, on: logind, timeout: .seconds(5))
        guard case .boolean(let locked) = value else { throw DBusError(.invalidSignature, "LockedHint is not a boolean") }
        return locked
    }
}
