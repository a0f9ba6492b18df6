import UsernotedAPI
import DBus
import Synchronization
import UserNotificationsCore

/// The Unity launcher API signal docks and task bars (Plasma, Dash to Dock, Plank …) read
/// app badge counts from, declared as data.
enum LauncherEntry {
    /// Where the daemon emits it from.
    static let path: ObjectPath = "/io/github/usernoted/LauncherEntry"
    static let interface = "com.canonical.Unity.LauncherEntry"
    /// `Update(s app_uri, a{sv} properties)`.
    static let update = SignalDeclaration<String, [String: Value]>("Update", "app_uri", "properties")

    /// `application://<app id>.desktop`, the desktop file the launcher shows.
    static func appURI(of app: AppID) -> String { "application://\(app.rawValue).desktop" }

    /// The `Update` properties: `count` (x) and `count-visible` (b, false for 0).
    static func properties(count: Int) -> [String: Value] {
        ["count": .int64(Int64(count)), "count-visible": .boolean(count != 0)]
    }

    /// Emits `Update` for `app` on `connection`.
    static func emit(_ count: Int, of app: AppID, on connection: Connection) throws(DBusError) {
        try connection.emit(update, path: path, interface: interface, appURI(of: app), properties(count: count))
    }
}

/// Each app's badge count as last set, kept in memory for the life of the daemon.
struct Badges: Sendable {
    private var counts: [AppID: Int] = [:]

    /// The count of `app`; nil when never set.
    func count(of app: AppID) -> Int? { counts[app] }

    /// Sets the count of `app`; a negative count is an `InvalidRequest`.
    mutating func set(_ count: Int, of app: AppID) throws(CenterError) {
        guard count >= 0 else {
            throw CenterError(.invalidRequest, "count is \(count); a badge count must be 0 or more (0 clears the badge)")
        }
        counts[app] = count
    }
}

/// The badges docks show: each app's count as last set (``Badges``), announced with the Unity
/// `LauncherEntry.Update` signal on the daemon's connection when it is set.
final class LauncherBadges: Sendable {
    private let connection: Connection
    private let counts = Mutex(Badges())

    /// Badges announced on `connection`.
    init(connection: Connection) { self.connection = connection }

    /// The badge count of `app` as last set; nil when never set.
    func count(of app: AppID) -> Int? { counts.withLock { $0.count(of: app) } }

    /// Sets the badge count of `app` (0 clears it) and announces it to docks.
    func set(_ count: Int, of app: AppID) throws(CenterError) {
        try counts.withLock { badges throws(CenterError) in try badges.set(count, of: app) }
        // Fails only when the connection is closed, and then no caller is left to tell.
        try? LauncherEntry.emit(count, of: app, on: connection)
    }
}
