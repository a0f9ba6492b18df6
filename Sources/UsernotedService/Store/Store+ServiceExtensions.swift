import EventLoop
import Foundation
import GRDB
import UserNotificationsCore

/// The `service_extension` table (each app's extension, argv as a JSON array) and the
/// `extension_run` table (requests handed to an extension and not shown yet, so that a daemon
/// killed meanwhile shows them after it restarts). `started_at` is seconds since 1970.
extension Store {
    /// A request waiting for its app's extension when the daemon stopped.
    struct ExtensionRun: Sendable {
        var app: AppID
        /// The request as it was accepted, before the extension changed it.
        var request: NotificationRequest
        /// Whether a restarted daemon already ran the extension for it again.
        var resumed: Bool
    }

    /// Records `argv` as the service extension of `app`.
    func setServiceExtension(_ app: AppID, argv: [String]) async throws {
        let json = String(decoding: try JSONEncoder().encode(argv), as: UTF8.self)
        try await batch.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO service_extension (app_id, argv_json) VALUES (?, ?)",
                           arguments: [app.rawValue, json])
        }
    }

    /// Forgets the service extension of `app`.
    func removeServiceExtension(_ app: AppID) async throws {
        try await batch.write { db in
            try db.execute(sql: "DELETE FROM service_extension WHERE app_id = ?", arguments: [app.rawValue])
        }
    }

    /// Every app's service extension, read in `db`.
    func allServiceExtensions(_ db: Database) throws -> [AppID: [String]] {
        let rows = try Row.fetchAll(db, sql: "SELECT app_id, argv_json FROM service_extension")
        var result: [AppID: [String]] = [:]
        for row in rows {
            let (name, json): (String, String) = (row["app_id"], row["argv_json"])
            guard let app = decodeApp(name), let argv = try? JSONDecoder().decode([String].self, from: Data(json.utf8)) else {
                logger.error("store: skipping a service extension that does not decode", metadata: ["app": "\(name)"])
                continue
            }
            result[app] = argv
        }
        return result
    }

    /// Records that `request` of `app` was handed to its extension, queued behind every write before it.
    func queueExtensionRun(_ request: NotificationRequest, of app: AppID, at date: Date) -> Future<Void> {
        let json = ModelJSON.encode(request)
        return batch.submit { db in
            try db.cachedStatement(sql: """
                INSERT OR REPLACE INTO extension_run (app_id, identifier, request_json, resumed, started_at) VALUES (?, ?, ?, 0, ?)
                """).execute(arguments: [app.rawValue, request.identifier, json, date.timeIntervalSince1970])
        }
    }

    /// Marks the run of `identifier` of `app` as run again by a restarted daemon.
    func markExtensionRunResumed(_ app: AppID, identifier: String) async throws {
        try await batch.write { db in
            try db.execute(sql: "UPDATE extension_run SET resumed = 1 WHERE app_id = ? AND identifier = ?",
                           arguments: [app.rawValue, identifier])
        }
    }

    /// Forgets the run of `request` of `app`: its notification was shown. A later run of the same
    /// identifier (a push with the same collapse id) that replaced it stays.
    func removeExtensionRun(_ request: NotificationRequest, of app: AppID) async throws {
        let json = ModelJSON.encode(request)
        try await batch.write { db in
            try db.execute(sql: "DELETE FROM extension_run WHERE app_id = ? AND identifier = ? AND request_json = ?",
                           arguments: [app.rawValue, request.identifier, json])
        }
    }

    /// The runs a previous daemon left, oldest first.
    func extensionRuns() async throws -> [ExtensionRun] {
        let rows = try await readNow { db in
            try Row.fetchAll(db, sql: "SELECT app_id, request_json, resumed FROM extension_run ORDER BY started_at")
        }
        return rows.compactMap { row in
            let (name, json): (String, String) = (row["app_id"], row["request_json"])
            guard let app = decodeApp(name), let request = try? ModelJSON.decodeRequest(json, limits: nil) else {
                logger.error("store: skipping an extension run that does not decode", metadata: ["app": "\(name)"])
                return nil
            }
            return ExtensionRun(app: app, request: request, resumed: (row["resumed"] as Int) != 0)
        }
    }
}
