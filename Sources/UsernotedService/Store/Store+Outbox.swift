import EventLoop
import Foundation
import GRDB
import UserNotificationsCore

/// A row of `outbox`: a response as JSON waiting for its app's handler; `seq` is its place in
/// line (assigned on insert), `created_at` seconds since 1970 (REAL).
///
/// Every response is appended, read back once it is next, and deleted when acknowledged, so
/// those statements are raw SQL prepared once per connection (`cachedStatement`): GRDB's
/// record `insert` reaches the same statement only after building a persistence container and
/// looking at the table's schema on every call, and its query interface prepares its statement
/// anew on every call.
struct OutboxRecord: FetchableRecord, TableRecord, Sendable {
    static let databaseTableName = "outbox"

    /// The table's columns, named as `StoreSchema` creates them.
    enum Columns {
        static let seq = Column("seq")
        static let appID = Column("app_id")
        static let responseJSON = Column("response_json")
        static let createdAt = Column("created_at")
    }

    var seq: Int64
    var appID: String
    var responseJSON: String
    var createdAt: Date

    init(row: Row) {
        seq = row[Columns.seq]
        appID = row[Columns.appID]
        responseJSON = row[Columns.responseJSON]
        createdAt = Date(timeIntervalSince1970: row[Columns.createdAt])
    }

    /// Appends a response of `app`, encoded as `json`; returns its `seq`.
    static func append(app: String, json: String, createdAt: Date, in db: Database) throws -> Int64 {
        try db.cachedStatement(sql: "INSERT INTO outbox (app_id, response_json, created_at) VALUES (?, ?, ?)")
            .execute(arguments: [app, json, createdAt.timeIntervalSince1970])
        return db.lastInsertedRowID
    }

    /// The responses waiting for `app`, oldest first.
    static func waiting(for app: String, in db: Database) throws -> RecordCursor<Self> {
        try fetchCursor(
            db.cachedStatement(sql: "SELECT seq, app_id, response_json, created_at FROM outbox WHERE app_id = ? ORDER BY seq"),
            arguments: [app])
    }
}

extension Store {
    /// Appends a response to the outbox; returns its place in line.
    @discardableResult
    func enqueue(_ response: NotificationResponse) async throws -> Int64 {
        try await queueEnqueue(response, json: ModelJSON.encode(response)).value
    }

    /// Appends a response already encoded as `json`, queued now behind every write before it;
    /// its place in line comes once committed. An answer to a push is `publishing` too: it goes
    /// in the push outbox in the same transaction.
    func queueEnqueue(_ response: NotificationResponse, json: String, publishing: OutgoingResponse? = nil) -> Future<Int64> {
        let app = response.appId.rawValue
        return batch.submit(inBackground: true) { db in
            if let publishing { try Store.appendToPushOutbox(publishing, at: response.date, in: db) }
            return try OutboxRecord.append(app: app, json: json, createdAt: response.date, in: db)
        }
    }

    /// The responses waiting for `app`'s handler, oldest first, with their places in line.
    func outbox(of app: AppID) async throws -> [(seq: Int64, response: NotificationResponse)] {
        let records = try await readNow { db in try Array(OutboxRecord.waiting(for: app.rawValue, in: db)) }
        return records.compactMap { record in
            decode(record.responseJSON, "response", { try ModelJSON.decodeResponse($0) }).map { (record.seq, $0) }
        }
    }

    /// The oldest response waiting for `app`, reading no further than it (damaged rows are
    /// skipped, as in ``outbox(of:)``).
    func nextInOutbox(of app: AppID) async throws -> (seq: Int64, response: NotificationResponse)? {
        try await readNow { db in
            let records = try OutboxRecord.waiting(for: app.rawValue, in: db)
            while let record = try records.next() {
                if let response = self.decode(record.responseJSON, "response", { try ModelJSON.decodeResponse($0) }) {
                    return (record.seq, response)
                }
            }
            return nil
        }
    }

    /// The apps with responses waiting.
    func appsWithOutbox() async throws -> [AppID] {
        let names = try await readNow { db in
            try OutboxRecord.select(OutboxRecord.Columns.appID, as: String.self).distinct().fetchAll(db)
        }
        return names.compactMap(decodeApp)
    }

    /// Removes an acknowledged response.
    func acknowledge(_ seq: Int64) async throws {
        try await batch.write { db in
            try db.cachedStatement(sql: "DELETE FROM outbox WHERE seq = ?").execute(arguments: [seq])
        }
    }
}
