import DBus
import Foundation
import GRDB
import UserNotificationsCore

/// A row of `handler`: where an app's responses go, an object on the bus (`bus_name`, `path`)
/// or a program (`argv_json`, a JSON array; then `bus_name` and `path` are empty).
struct HandlerRecord: FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "handler"

    /// The table's columns, named as `StoreSchema` creates them.
    enum Columns {
        static let appID = Column("app_id")
        static let busName = Column("bus_name")
        static let path = Column("path")
        static let argvJSON = Column("argv_json")
    }

    var appID: String
    var busName: String
    var path: String
    var argvJSON: String?

    init(appID: String, busName: String, path: String, argvJSON: String?) {
        self.appID = appID
        self.busName = busName
        self.path = path
        self.argvJSON = argvJSON
    }

    init(row: Row) {
        appID = row[Columns.appID]
        busName = row[Columns.busName]
        path = row[Columns.path]
        argvJSON = row[Columns.argvJSON]
    }

    func encode(to container: inout PersistenceContainer) {
        container[Columns.appID] = appID
        container[Columns.busName] = busName
        container[Columns.path] = path
        container[Columns.argvJSON] = argvJSON
    }
}

extension Store {
    /// Records where the responses of `app` go.
    func setHandler(_ app: AppID, _ target: HandlerTarget) async throws {
        let record: HandlerRecord
        switch target {
        case .bus(let name, let path):
            record = HandlerRecord(appID: app.rawValue, busName: name, path: path.rawValue, argvJSON: nil)
        case .exec(let argv):
            let json = String(decoding: try JSONEncoder().encode(argv), as: UTF8.self)
            record = HandlerRecord(appID: app.rawValue, busName: "", path: "", argvJSON: json)
        case .application: return try await removeHandler(app)  // the default: nothing to keep
        }
        try await batch.write { db in try record.insert(db, onConflict: .replace) }
    }

    /// Forgets the handler of `app`.
    func removeHandler(_ app: AppID) async throws {
        try await batch.write { db in _ = try HandlerRecord.deleteOne(db, key: app.rawValue) }
    }

    /// Every app's handler.
    func allHandlers() async throws -> [AppID: HandlerTarget] {
        let records = try await readNow { db in try HandlerRecord.fetchAll(db) }
        var result: [AppID: HandlerTarget] = [:]
        for record in records {
            guard let app = decodeApp(record.appID) else { continue }
            if let argvJSON = record.argvJSON {
                guard let argv = try? JSONDecoder().decode([String].self, from: Data(argvJSON.utf8)) else {
                    logger.error("store: skipping an exec handler that does not decode", metadata: ["app": "\(app)"])
                    continue
                }
                result[app] = .exec(argv: argv)
            } else if let path = try? ObjectPath(record.path) {
                result[app] = .bus(name: record.busName, path: path)
            }
        }
        return result
    }
}
