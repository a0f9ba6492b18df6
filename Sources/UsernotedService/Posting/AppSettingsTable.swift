import Synchronization
import UserNotificationsCore

/// The user's settings of each app that posted or was set (Apple's `UNNotificationSettings`),
/// as the store has them: every post reads them, the user and the authorization prompt change
/// them (each change is in the store before it is here).
final class AppSettingsTable: Sendable {
    private let table = Mutex<[AppID: AppSettings]>([:])

    /// Takes the settings a previous run kept.
    func restore(_ all: [AppID: AppSettings]) { table.withLock { $0 = all } }

    /// The settings of `app`; nil for an app never seen.
    func known(_ app: AppID) -> AppSettings? { table.withLock { $0[app] } }

    /// The settings of `app` (the defaults for an app never seen).
    func settings(of app: AppID) -> AppSettings { known(app) ?? AppSettings() }

    /// Every app that posted or was set, with its settings.
    var all: [AppID: AppSettings] { table.withLock { $0 } }

    /// `app`'s settings are now `settings` (saved already).
    func set(_ settings: AppSettings, of app: AppID) { table.withLock { $0[app] = settings } }
}
