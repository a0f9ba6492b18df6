import GRDB
import UserNotificationsCore

/// A row of `app_settings`: the user's settings for an app that posted or was set, as JSON.
struct SettingsRecord: AppJSONRecord {
    static let databaseTableName = "app_settings"
    var appID: String
    var json: String
}

extension Store {
    /// Records the settings of `app`.
    func setSettings(_ settings: AppSettings, of app: AppID) async throws {
        let record = SettingsRecord(appID: app.rawValue, json: ModelJSON.encode(settings))
        try await batch.write { db in try record.insert(db, onConflict: .replace) }
    }

    /// Every known app's settings, read in `db`.
    func allSettings(_ db: Database) throws -> [AppID: AppSettings] {
        let records = try SettingsRecord.fetchEveryRow(db)
        var result: [AppID: AppSettings] = [:]
        for record in records {
            guard let app = decodeApp(record.appID),
                  let settings = decode(record.json, "settings", { try ModelJSON.decodeSettings($0) })
            else { continue }
            result[app] = settings
        }
        return result
    }
}
