import GRDB

/// A row of a table that keeps one JSON document per app, in the columns `app_id` and `json`
/// (`category`, `app_settings`).
protocol AppJSONRecord: FetchableRecord, PersistableRecord, Sendable {
    var appID: String { get }
    var json: String { get }
    init(appID: String, json: String)
}

/// The columns of an ``AppJSONRecord``'s table, named as `StoreSchema` creates them.
enum AppJSONColumns {
    static let appID = Column("app_id")
    static let json = Column("json")
}

extension AppJSONRecord {
    init(row: Row) {
        self.init(appID: row[AppJSONColumns.appID], json: row[AppJSONColumns.json])
    }

    func encode(to container: inout PersistenceContainer) {
        container[AppJSONColumns.appID] = appID
        container[AppJSONColumns.json] = json
    }

    /// Every row of the table, read with plain SQL: the query interface would first read the
    /// database's schema, on the loop thread of every start before the daemon serves.
    static func fetchEveryRow(_ db: Database) throws -> [Self] {
        try fetchAll(db, sql: "SELECT app_id, json FROM \(databaseTableName)")
    }
}
