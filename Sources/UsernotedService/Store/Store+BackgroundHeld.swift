import Foundation
import GRDB
import UserNotificationsCore

/// The `background_held` table: each app's newest background push past its hourly budget,
/// kept until it goes to the outbox. `held_at` is seconds since 1970.
extension Store {
    /// Holds `response` for its app, replacing the one held before (coalesced into it).
    func holdBackground(_ response: NotificationResponse, at date: Date) async throws {
        let json = ModelJSON.encode(response)
        try await batch.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO background_held (app_id, response_json, held_at) VALUES (?, ?, ?)",
                           arguments: [response.appId.rawValue, json, date.timeIntervalSince1970])
        }
    }

    /// Forgets what is held for `app` (it went to the outbox).
    func releaseBackground(of app: AppID) async throws {
        try await batch.write { db in
            try db.execute(sql: "DELETE FROM background_held WHERE app_id = ?", arguments: [app.rawValue])
        }
    }

    /// What a previous run held, by app.
    func heldBackground() async throws -> [NotificationResponse] {
        let rows = try await readNow { db in try Row.fetchAll(db, sql: "SELECT app_id, response_json FROM background_held ORDER BY held_at") }
        return rows.compactMap { row in
            let json: String = row["response_json"]
            guard let response = try? ModelJSON.decodeResponse(json) else {
                logger.error("store: skipping a held background push that does not decode", metadata: ["app": "\(row["app_id"] as String)"])
                return nil
            }
            return response
        }
    }
}
