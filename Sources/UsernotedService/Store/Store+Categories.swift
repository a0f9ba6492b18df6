import GRDB
import UserNotificationsCore

/// A row of `category`: an app's categories, as the JSON array it registered.
struct CategoryRecord: AppJSONRecord {
    static let databaseTableName = "category"
    var appID: String
    var json: String
}

extension Store {
    /// Replaces the categories of `app`.
    func setCategories(_ categories: [NotificationCategory], of app: AppID) async throws {
        let record = CategoryRecord(appID: app.rawValue, json: ModelJSON.encode(categories))
        try await batch.write { db in try record.insert(db, onConflict: .replace) }
    }

    /// Every app's categories, read in `db`.
    func allCategories(_ db: Database) throws -> [AppID: [NotificationCategory]] {
        let records = try CategoryRecord.fetchEveryRow(db)
        var result: [AppID: [NotificationCategory]] = [:]
        for record in records {
            guard let app = decodeApp(record.appID),
                let categories = decode(record.json, "categories", { try ModelJSON.decodeCategories($0, limits: nil) })
            else { continue }
            result[app] = categories
        }
        return result
    }
}
