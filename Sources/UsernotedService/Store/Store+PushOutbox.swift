import Foundation
import GRDB
import UserNotificationsCore

/// A response to publish to the broker: its topic, its JSON, and the id a server drops duplicates by.
struct OutgoingResponse: Sendable, Hashable {
    var topic: String
    var json: String
    var id: String
}

/// The `push_outbox` table: answers to pushed notifications waiting for the broker's PUBACK,
/// in the order they happened (`seq`); written in the transaction that puts the response in the
/// handlers' outbox, removed when the broker acknowledges.
extension Store {
    /// The answers waiting for the broker, oldest first.
    func pushOutbox() async throws -> [(seq: Int64, response: OutgoingResponse)] {
        try await readNow { db in
            try Row.fetchAll(db, sql: "SELECT seq, topic, json, response_id FROM push_outbox ORDER BY seq").map { row in
                (row["seq"], OutgoingResponse(topic: row["topic"], json: row["json"], id: row["response_id"]))
            }
        }
    }

    /// Removes an answer the broker acknowledged.
    func removeFromPushOutbox(_ seq: Int64) async throws {
        try await batch.write { db in
            try db.cachedStatement(sql: "DELETE FROM push_outbox WHERE seq = ?").execute(arguments: [seq])
        }
    }

    /// Appends `response` in the transaction `db` (see ``queueEnqueue(_:json:publishing:)``).
    static func appendToPushOutbox(_ response: OutgoingResponse, at date: Date, in db: Database) throws {
        try db.cachedStatement(sql: "INSERT INTO push_outbox (topic, json, response_id, created_at) VALUES (?, ?, ?, ?)")
            .execute(arguments: [response.topic, response.json, response.id, date.timeIntervalSince1970])
    }
}
