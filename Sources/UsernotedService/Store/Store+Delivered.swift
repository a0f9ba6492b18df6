import EventLoop
import Foundation
import FreedesktopNotifications
import GRDB
import UserNotificationsCore

/// A notification on screen (or waiting for a server), as a restarted daemon needs it.
struct DeliveredNotification: Sendable, Hashable {
    var app: AppID
    var request: NotificationRequest
    /// The category it was shown with.
    var category: NotificationCategory?
    /// The server's id for it; nil until a server showed it.
    var serverID: UInt32?
    /// When it was delivered.
    var date: Date

    init(app: AppID, request: NotificationRequest, category: NotificationCategory?, serverID: UInt32?, date: Date) {
        self.app = app
        self.request = request
        self.category = category
        self.serverID = serverID
        self.date = date
    }
}

/// A row of `delivered`: a request and the category it was shown with (a one-element JSON
/// array), keyed by app and identifier. `delivered_at` is seconds since 1970 (REAL).
///
/// Its writes run once or more per notification, so they are raw SQL prepared once per
/// connection (`cachedStatement`): GRDB's record `insert` reaches the same statement only after
/// building a persistence container and looking at the table's schema on every call, and its
/// query interface prepares its statement anew on every call.
struct DeliveredRecord: FetchableRecord, TableRecord, Sendable {
    static let databaseTableName = "delivered"

    /// The table's columns, named as `StoreSchema` creates them.
    enum Columns {
        static let appID = Column("app_id")
        static let identifier = Column("identifier")
        static let requestJSON = Column("request_json")
        static let categoryJSON = Column("category_json")
        static let serverID = Column("server_id")
        static let deliveredAt = Column("delivered_at")
    }

    var appID: String
    var identifier: String
    var requestJSON: String
    var categoryJSON: String?
    var serverID: Int64?
    var deliveredAt: Date

    /// The row of `delivered`, its request and category encoded here.
    init(_ delivered: DeliveredNotification) {
        appID = delivered.app.rawValue
        identifier = delivered.request.identifier
        requestJSON = ModelJSON.encode(delivered.request)
        categoryJSON = delivered.category.map { ModelJSON.encode([$0]) }
        serverID = delivered.serverID.map(Int64.init)
        deliveredAt = delivered.date
    }

    init(row: Row) {
        appID = row[Columns.appID]
        identifier = row[Columns.identifier]
        requestJSON = row[Columns.requestJSON]
        categoryJSON = row[Columns.categoryJSON]
        serverID = row[Columns.serverID]
        deliveredAt = Date(timeIntervalSince1970: row[Columns.deliveredAt])
    }

    /// Inserts this row, replacing the one with its key.
    func insertOrReplace(_ db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT OR REPLACE INTO delivered (app_id, identifier, request_json, category_json, server_id, delivered_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """).execute(arguments: [appID, identifier, requestJSON, categoryJSON, serverID, deliveredAt.timeIntervalSince1970])
    }
}

extension Store {
    /// Records a notification put on screen (or queued for a server), replacing one with the
    /// same identifier; with `unscheduling`, takes a pending request with its identifier out of
    /// pending in the same transaction and returns whether there was one.
    @discardableResult
    func saveDelivered(_ delivered: DeliveredNotification, unscheduling: Bool = false) async throws -> Bool {
        try await queueDelivered(delivered, unscheduling: unscheduling).value
    }

    /// ``saveDelivered(_:unscheduling:)`` queued now, behind every write before it; its result comes later.
    func queueDelivered(_ delivered: DeliveredNotification, unscheduling: Bool = false) -> Future<Bool> {
        let record = DeliveredRecord(delivered)  // encoded here, outside the transaction
        return batch.submit(oneStatement: !unscheduling) { db in
            try record.insertOrReplace(db)
            guard unscheduling, try PendingRecord.delete(app: record.appID, identifier: record.identifier, in: db) else {
                return false
            }
            self.pendingCounts.withLock { $0[record.appID]? -= 1 }
            return true
        }
    }

    /// Notes the server id a delivered notification got.
    func setServerID(_ serverID: UInt32?, of key: (app: AppID, identifier: String)) async throws {
        try await queueServerID(serverID, of: key).value
    }

    /// ``setServerID(_:of:)`` queued now; with `mayWait`, it goes with the next transaction
    /// (see ``WriteBatch/submit(mayWait:oneStatement:_:)``).
    func queueServerID(_ serverID: UInt32?, of key: (app: AppID, identifier: String), mayWait: Bool = false) -> Future<Void> {
        batch.submit(mayWait: mayWait, oneStatement: true) { db in
            try db.cachedStatement(sql: "UPDATE delivered SET server_id = ? WHERE app_id = ? AND identifier = ?")
                .execute(arguments: [serverID.map { Int64($0) }, key.app.rawValue, key.identifier])
        }
    }

    /// Forgets a notification that left the screen.
    func removeDelivered(_ app: AppID, identifier: String) async throws {
        try await batch.write { db in
            try db.cachedStatement(sql: "DELETE FROM delivered WHERE app_id = ? AND identifier = ?")
                .execute(arguments: [app.rawValue, identifier])
        }
    }

    /// Keeps the delivered rows in step with the server: its ids, and what it closed. Best effort:
    /// a failure is logged, and a restarted daemon then re-shows with an older id. A server id
    /// goes with the next write (a post's), or on its own within ``WriteBatch/patience``: a
    /// crash in between loses it like a failure does.
    func record(_ change: LiveChange) async {
        let failed: @Sendable (any Error) -> Void = { [logger] error in
            logger.error("store: cannot record a change on screen", metadata: ["change": "\(change)", "error": "\(error)"])
        }
        switch change {
        case .shown(let key, let serverID):
            queueServerID(serverID, of: (key.appID, key.requestID), mayWait: true).whenResolved {
                if case .failure(let error) = $0 { failed(error) }
            }
        case .departed(let key):
            do { try await removeDelivered(key.appID, identifier: key.requestID) } catch { failed(error) }
        case .server, .notShown, .holds: break
        }
    }

    /// Every delivered notification, oldest first.
    func allDelivered() async throws -> [DeliveredNotification] {
        let records = try await readNow { db in
            try DeliveredRecord.order(DeliveredRecord.Columns.deliveredAt).fetchAll(db)
        }
        return records.compactMap { record in
            guard let app = decodeApp(record.appID),
                let request = decode(record.requestJSON, "delivered request", { try ModelJSON.decodeRequest($0, limits: nil) })
            else { return nil }
            let category = record.categoryJSON.flatMap {
                decode($0, "delivered category", { try ModelJSON.decodeCategories($0, limits: nil) })?.first
            }
            return DeliveredNotification(
                app: app, request: request, category: category, serverID: record.serverID.flatMap(UInt32.init(exactly:)),
                date: record.deliveredAt)
        }
    }
}
