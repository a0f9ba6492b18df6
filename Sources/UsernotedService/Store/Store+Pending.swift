import EventLoop
import Foundation
import GRDB
import Synchronization
import UserNotificationsCore

/// A request waiting for its trigger.
@_spi(Benchmarks) public struct PendingRequest: Sendable, Hashable {
    var app: AppID
    var request: NotificationRequest
    /// When it fires next.
    var fireDate: Date
    /// When the app added it.
    var addedAt: Date

    @_spi(Benchmarks) public init(app: AppID, request: NotificationRequest, fireDate: Date, addedAt: Date) {
        self.app = app
        self.request = request
        self.fireDate = fireDate
        self.addedAt = addedAt
    }
}

/// A row of `pending`: a request as JSON, keyed by app and identifier. Dates are stored as
/// seconds since 1970 (REAL), as the schema says, not as GRDB's default date text.
///
/// The statements that run for every add or post are prepared once per connection (raw SQL
/// through `cachedStatement`): GRDB's record `insert` and its query interface reach an
/// equivalent statement only after building it (and, for `insert`, a persistence container
/// and a look at the table's schema) on every call.
struct PendingRecord: FetchableRecord, TableRecord, Sendable {
    static let databaseTableName = "pending"

    /// The table's columns, named as `StoreSchema` creates them.
    enum Columns {
        static let appID = Column("app_id")
        static let identifier = Column("identifier")
        static let requestJSON = Column("request_json")
        static let fireDate = Column("fire_date")
        static let addedAt = Column("added_at")
    }

    var appID: String
    var identifier: String
    var requestJSON: String
    var fireDate: Date
    var addedAt: Date

    /// The row of `pending`, with its request encoded as `json`.
    init(_ pending: PendingRequest, json: String) {
        appID = pending.app.rawValue
        identifier = pending.request.identifier
        requestJSON = json
        fireDate = pending.fireDate
        addedAt = pending.addedAt
    }

    init(row: Row) {
        appID = row[Columns.appID]
        identifier = row[Columns.identifier]
        requestJSON = row[Columns.requestJSON]
        fireDate = Date(timeIntervalSince1970: row[Columns.fireDate])
        addedAt = Date(timeIntervalSince1970: row[Columns.addedAt])
    }

    /// Inserts this row, replacing the one with its key.
    func insertOrReplace(_ db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT OR REPLACE INTO pending (app_id, identifier, request_json, fire_date, added_at) VALUES (?, ?, ?, ?, ?)
            """).execute(arguments: [appID, identifier, requestJSON, fireDate.timeIntervalSince1970, addedAt.timeIntervalSince1970])
    }

    /// Whether `app` has a request `identifier` pending.
    static func exists(app: String, identifier: String, in db: Database) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT 1 FROM pending WHERE app_id = ? AND identifier = ?"),
            arguments: [app, identifier]) ?? false
    }

    /// Deletes the request `identifier` of `app`; whether there was one.
    static func delete(app: String, identifier: String, in db: Database) throws -> Bool {
        try db.cachedStatement(sql: "DELETE FROM pending WHERE app_id = ? AND identifier = ?")
            .execute(arguments: [app, identifier])
        return db.changesCount > 0
    }

    /// The requests of `app`.
    static func of(_ app: String) -> QueryInterfaceRequest<Self> {
        filter(Columns.appID == app)
    }
}

extension Store {
    /// Saves (or replaces, by identifier) a request that fires at `fireDate`.
    @_spi(Benchmarks) public func savePending(_ pending: PendingRequest) async throws {
        _ = try await savePending(pending, limit: .max)
    }

    /// Saves (or replaces, by identifier) a pending request, in one transaction with the
    /// check that a new one does not take its app past `limit`; false (nothing saved) when it would.
    func savePending(_ pending: PendingRequest, limit: Int) async throws -> Bool {
        try await queuePending(pending, limit: limit).value
    }

    /// ``savePending(_:limit:)`` queued now, behind every write before it; its result comes later.
    func queuePending(_ pending: PendingRequest, limit: Int) -> Future<Bool> {
        let record = PendingRecord(pending, json: ModelJSON.encode(pending.request))
        return batch.submit { db in
            let exists = try PendingRecord.exists(app: record.appID, identifier: record.identifier, in: db)
            if !exists, try self.pendingCount(of: record.appID, in: db) >= limit { return false }
            try record.insertOrReplace(db)
            if !exists { self.pendingCounts.withLock { $0[record.appID]? += 1 } }
            return true
        }
    }

    /// The pending count of `app`, from the cache or counted now (inside a transaction).
    private func pendingCount(of app: String, in db: Database) throws -> Int {
        if let cached = pendingCounts.withLock({ $0[app] }) { return cached }
        let count = try PendingRecord.of(app).fetchCount(db)
        pendingCounts.withLock { $0[app] = count }
        return count
    }

    /// Removes pending requests of `app` (all of them for nil); returns the identifiers removed.
    @discardableResult
    func removePending(_ app: AppID, ids: [String]?) async throws -> [String] {
        try await batch.write { db in
            let ofApp = PendingRecord.of(app.rawValue)
            let existing = try ofApp.select(PendingRecord.Columns.identifier, as: String.self).fetchAll(db)
            let targets = ids.map { wanted in existing.filter(Set(wanted).contains) } ?? existing
            if ids == nil {
                try ofApp.deleteAll(db)
            } else {
                // A statement per id: one `IN (…)` would take an argument per id, and SQLite
                // allows at most 32766.
                for id in targets { _ = try PendingRecord.delete(app: app.rawValue, identifier: id, in: db) }
            }
            self.pendingCounts.withLock { $0[app.rawValue] = existing.count - targets.count }
            return targets
        }
    }

    /// The pending requests of `app`, soonest first.
    func pending(of app: AppID) async throws -> [PendingRequest] {
        let records = try await readNow { db in
            try PendingRecord.of(app.rawValue)
                .order(PendingRecord.Columns.fireDate, PendingRecord.Columns.identifier)
                .fetchAll(db)
        }
        return records.compactMap(pendingRequest)
    }

    /// How many requests `app` has pending.
    func pendingCount(of app: AppID) async throws -> Int {
        try await readNow { db in try PendingRecord.of(app.rawValue).fetchCount(db) }
    }

    /// Whether `app` has a request `identifier` scheduled.
    func isPending(_ app: AppID, _ identifier: String) async throws -> Bool {
        try await readNow { db in try PendingRecord.exists(app: app.rawValue, identifier: identifier, in: db) }
    }

    /// When the earliest pending request fires, if any is pending.
    func earliestFireDate() async throws -> Date? {
        try await readNow { db in
            try PendingRecord.select(min(PendingRecord.Columns.fireDate), as: Double.self).fetchOne(db)
                .map(Date.init(timeIntervalSince1970:))
        }
    }

    /// The requests due at `date`, soonest first.
    func due(at date: Date) async throws -> [PendingRequest] {
        let records = try await readNow { db in
            try PendingRecord
                .filter(PendingRecord.Columns.fireDate <= date.timeIntervalSince1970)
                .order(PendingRecord.Columns.fireDate, PendingRecord.Columns.appID, PendingRecord.Columns.identifier)
                .fetchAll(db)
        }
        return records.compactMap(pendingRequest)
    }

    /// Takes a fired request out of pending, or moves a repeating one to its next date, at
    /// once; nothing happens if it was replaced or removed since it was read (`firing` no
    /// longer matches the row).
    func fired(_ firing: PendingRequest, next: Date?) async throws {
        let app = firing.app.rawValue
        let json = ModelJSON.encode(firing.request)
        try await batch.write { db in
            // The row as it was read, if it is still there: one statement both checks and changes it.
            let unchanged = PendingRecord.of(app).filter(
                PendingRecord.Columns.identifier == firing.request.identifier
                    && PendingRecord.Columns.fireDate == firing.fireDate.timeIntervalSince1970
                    && PendingRecord.Columns.requestJSON == json)
            if let next {
                try unchanged.updateAll(db, PendingRecord.Columns.fireDate.set(to: next.timeIntervalSince1970))
            } else if try unchanged.deleteAll(db) > 0 {
                self.pendingCounts.withLock { $0[app]? -= 1 }
            }
        }
    }

    /// The request a row holds; nil (logged) when its app id or JSON no longer decodes.
    private func pendingRequest(_ record: PendingRecord) -> PendingRequest? {
        guard let app = decodeApp(record.appID),
            let request = decode(record.requestJSON, "pending request", { try ModelJSON.decodeRequest($0, limits: nil) })
        else { return nil }
        return PendingRequest(app: app, request: request, fireDate: record.fireDate, addedAt: record.addedAt)
    }
}

/// How many requests each app has pending (see ``Store``), shared with the store's write batch.
final class PendingCounts: Sendable {
    private let counts = Mutex<[String: Int]>([:])

    func withLock<R>(_ body: (inout [String: Int]) -> R) -> R { counts.withLock { body(&$0) } }
}
