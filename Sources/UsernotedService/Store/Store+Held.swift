import EventLoop
import Foundation
import GRDB
import UserNotificationsCore

/// A row of `held`: a request not shown yet, the category it will be shown with (a one-element
/// JSON array) and why it waits. `held_at` is seconds since 1970.
struct HeldRecord: FetchableRecord, Sendable {
    var appID: String
    var identifier: String
    var requestJSON: String
    var categoryJSON: String?
    var reason: String
    var heldAt: Double

    init(_ held: HeldNotification) {
        appID = held.app.rawValue
        identifier = held.request.identifier
        requestJSON = ModelJSON.encode(held.request)
        categoryJSON = held.category.map { ModelJSON.encode([$0]) }
        reason = held.reason.rawValue
        heldAt = held.date.timeIntervalSince1970
    }

    init(row: Row) {
        appID = row["app_id"]
        identifier = row["identifier"]
        requestJSON = row["request_json"]
        categoryJSON = row["category_json"]
        reason = row["reason"]
        heldAt = row["held_at"]
    }
}

extension Store {
    /// Records `held` (replacing the held request with its identifier), queued behind every write before it.
    func queueHeld(_ held: HeldNotification) -> Future<Void> {
        let record = HeldRecord(held)
        return batch.submit { db in
            try db.cachedStatement(sql: """
                INSERT OR REPLACE INTO held (app_id, identifier, request_json, category_json, reason, held_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """).execute(arguments: [
                    record.appID, record.identifier, record.requestJSON, record.categoryJSON, record.reason, record.heldAt])
        }
    }

    /// Forgets held requests of `app` (they were shown, cleared or removed by the app), queued behind every write before it.
    @discardableResult
    func removeHeld(_ app: AppID, identifiers: [String]) -> Future<Void> {
        batch.submit { db in
            for identifier in identifiers {
                try db.cachedStatement(sql: "DELETE FROM held WHERE app_id = ? AND identifier = ?")
                    .execute(arguments: [app.rawValue, identifier])
            }
        }
    }

    /// Gives held requests of `app` a new reason, queued behind every write before it.
    @discardableResult
    func setHeldReason(_ reason: HeldNotification.Reason, of app: AppID, identifiers: [String]) -> Future<Void> {
        batch.submit { db in
            for identifier in identifiers {
                try db.cachedStatement(sql: "UPDATE held SET reason = ? WHERE app_id = ? AND identifier = ?")
                    .execute(arguments: [reason.rawValue, app.rawValue, identifier])
            }
        }
    }

    /// Every held request, oldest first, read in `db`.
    func allHeld(_ db: Database) throws -> [HeldNotification] {
        let records = try HeldRecord.fetchAll(db, sql: "SELECT * FROM held ORDER BY held_at")
        return records.compactMap { record in
            guard let app = decodeApp(record.appID),
                  let reason = HeldNotification.Reason(rawValue: record.reason),
                  let request = decode(record.requestJSON, "held request", { try ModelJSON.decodeRequest($0, limits: nil) })
            else { return nil }
            let category = record.categoryJSON.flatMap {
                decode($0, "held category", { try ModelJSON.decodeCategories($0, limits: nil) })?.first
            }
            return HeldNotification(
                app: app, request: request, category: category, reason: reason,
                date: Date(timeIntervalSince1970: record.heldAt))
        }
    }

    /// Records the user's own Focus setting.
    func setFocus(_ setting: FocusSetting) async throws {
        let json = ModelJSON.encode(setting)
        try await batch.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO focus (id, json) VALUES (0, ?)", arguments: [json])
        }
    }

    /// The user's own Focus setting as last recorded (off when never set), read in `db`.
    func focus(_ db: Database) throws -> FocusSetting {
        let json = try String.fetchOne(db, sql: "SELECT json FROM focus WHERE id = 0")
        return json.flatMap { decode($0, "focus", { try ModelJSON.decodeFocus($0) }) } ?? FocusSetting()
    }
}
