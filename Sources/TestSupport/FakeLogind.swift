import DBus
import Synchronization

/// logind as far as usernoted asks it, on a private bus standing in for the system bus:
/// `GetSession("auto")` and the session's `LockedHint`, which a test flips as a user
/// locking and unlocking the screen does.
public final class FakeLogind: Sendable {
    public static let sessionPath: ObjectPath = "/org/freedesktop/login1/session/_31"
    /// The bus standing in for the system bus; give its address as the system bus address.
    public let bus: PrivateBus
    private let connection: Connection
    private let state = LockState()

    /// Starts it owning `org.freedesktop.login1`, with the session `locked` or not.
    public init(locked: Bool = false) async throws {
        bus = try PrivateBus()
        connection = try await bus.connect()
        let state = state
        state.locked.withLock { $0 = locked }
        connection.export([Interface("org.freedesktop.login1.Manager", methods: [
            Method(MethodDeclaration<String, ObjectPath>("GetSession", in: "session_id", out: "object_path")) { _, _ in Self.sessionPath },
        ])], at: "/org/freedesktop/login1")
        connection.export([Interface("org.freedesktop.login1.Session", properties: [
            Property("LockedHint", get: { state.locked.withLock { $0 } }),
        ])], at: Self.sessionPath)
        _ = try await connection.requestName("org.freedesktop.login1")
    }

    /// Locks or unlocks the session, announcing it as logind does (`PropertiesChanged`).
    public func setLocked(_ value: Bool) throws {
        state.locked.withLock { $0 = value }
        try connection.emit(
            path: Self.sessionPath, interface: "org.freedesktop.DBus.Properties", name: "PropertiesChanged",
            [.string("org.freedesktop.login1.Session"),
             .dictionary(key: .string, value: .variant, [DictionaryEntry(.string("LockedHint"), .variant(.boolean(value)))]),
             .array(.string, [])])
    }
}

/// The session's lock state, shared with the property getter.
private final class LockState: Sendable {
    let locked = Mutex(false)
}
