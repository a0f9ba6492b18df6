import DBus
import FreedesktopNotifications
import Foundation
import GRDB
import Logging
import Synchronization
import UserNotificationsCore

/// The daemon's durable state in SQLite (WAL): categories, handlers, pending and delivered
/// requests, and the response outbox. Every write is committed when its call returns.
///
/// Rows that no longer decode (written by a newer version, or damaged) are skipped with a
/// log line, never fatal: one bad row must not take every app's state with it.
public final class Store: Sendable {
    /// The database, once open.
    private let database: Eventual<any DatabaseWriter>
    /// Every write goes through here: applied in the order submitted, and those of many calls
    /// in flight share a transaction.
    private let batch: WriteBatch
    private let logger: Logger
    /// How many requests each app has pending, counted once per app and then kept in step by
    /// the writes here (changed only inside write transactions, forgotten when one fails), so
    /// that the limit check of an add does not count an app's rows each time.
    private let pendingCounts = PendingCounts()

    /// Opens (creating and migrating) `state.sqlite` in `directory`; a ``StateDirectoryError`` says why it cannot.
    public convenience init(directory: URL, logger: Logger) throws {
        self.init(Eventual(.success(try Self.open(directory))), logger: logger)
    }

    /// The store in `directory`, opened on a thread of its own while the caller goes on (the
    /// daemon connects to the bus meanwhile): reads and writes wait until it is open, and
    /// throw the reason when it could not be.
    public static func opening(directory: URL, logger: Logger) -> Store {
        let database = Eventual<any DatabaseWriter>()
        // Opening (creating, migrating) blocks on the disk: a thread of its own keeps the loop
        // free meanwhile. Not a global dispatch queue: its first use starts libdispatch's
        // worker pool monitor, which then wakes the process every second for good.
        Thread { database.resolve(Result { try open(directory) }) }.start()
        return Store(database, logger: logger)
    }

    /// A store on `database`, open or still opening.
    init(_ database: Eventual<any DatabaseWriter>, logger: Logger) {
        self.database = database
        // A transaction that did not commit may have changed counts: they are counted again.
        let counts = pendingCounts
        batch = WriteBatch(database) { counts.withLock { $0 = [:] } }
        self.logger = logger
    }

    /// Creates, migrates and opens the database in `directory`, with a reader connection ready
    /// (the first read would otherwise open it on the loop thread).
    static func open(_ directory: URL) throws(StateDirectoryError) -> any DatabaseWriter {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            var configuration = Configuration()
            configuration.label = "usernoted.store"
            let database = try DatabasePool(path: directory.appending(path: "state.sqlite").path, configuration: configuration)
            try StoreSchema.migrator.migrate(database)
            try database.read { _ in }
            return database
        } catch {
            throw StateDirectoryError(directory, error)
        }
    }

    /// The state directory: `$USERNOTED_STATE_DIR`, else `$XDG_STATE_HOME/usernoted`, else
    /// `~/.local/state/usernoted`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let explicit = environment["USERNOTED_STATE_DIR"], !explicit.isEmpty { return URL(filePath: explicit) }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(filePath: state).appending(path: "usernoted")
        }
        let home = environment["HOME"].map { URL(filePath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appending(path: ".local/state/usernoted")
    }

    // MARK: Categories

    /// Replaces the categories of `app`.
    public func setCategories(_ categories: [NotificationCategory], of app: AppID) async throws {
        let json = ModelJSON.encode(categories)
        try await batch.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO category (app_id, json) VALUES (?, ?)", arguments: [app.rawValue, json])
        }
    }

    /// Every app's categories.
    public func allCategories() async throws -> [AppID: [NotificationCategory]] {
        let rows = try await readNow { db in
            try Row.fetchAll(db, sql: "SELECT app_id, json FROM category").map { ($0["app_id"] as String, $0["json"] as String) }
        }
        var result: [AppID: [NotificationCategory]] = [:]
        for (appID, json) in rows {
            guard let app = decodeApp(appID),
                let categories = decode(json, "categories", { try ModelJSON.decodeCategories($0, limits: nil) })
            else { continue }
            result[app] = categories
        }
        return result
    }

    // MARK: Handlers

    /// Records where the responses of `app` go.
    public func setHandler(_ app: AppID, _ target: HandlerTarget) async throws {
        let (busName, path, argv): (String, String, String?)
        switch target {
        case .bus(let name, let objectPath): (busName, path, argv) = (name, objectPath.rawValue, nil)
        case .exec(let arguments): (busName, path, argv) = ("", "", String(decoding: try JSONEncoder().encode(arguments), as: UTF8.self))
        case .application: return try await removeHandler(app)  // the default: nothing to keep
        }
        try await batch.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO handler (app_id, bus_name, path, argv_json) VALUES (?, ?, ?, ?)",
                arguments: [app.rawValue, busName, path, argv])
        }
    }

    /// Forgets the handler of `app`.
    public func removeHandler(_ app: AppID) async throws {
        try await batch.write { db in try db.execute(sql: "DELETE FROM handler WHERE app_id = ?", arguments: [app.rawValue]) }
    }

    /// Every app's handler.
    public func allHandlers() async throws -> [AppID: HandlerTarget] {
        let rows = try await readNow { db in
            try Row.fetchAll(db, sql: "SELECT app_id, bus_name, path, argv_json FROM handler").map {
                ($0["app_id"] as String, $0["bus_name"] as String, $0["path"] as String, $0["argv_json"] as String?)
            }
        }
        var result: [AppID: HandlerTarget] = [:]
        for (appID, busName, path, argvJSON) in rows {
            guard let app = decodeApp(appID) else { continue }
            if let argvJSON {
                guard let argv = try? JSONDecoder().decode([String].self, from: Data(argvJSON.utf8)) else {
                    logger.error("store: skipping an exec handler that does not decode", metadata: ["app": "\(app)"])
                    continue
                }
                result[app] = .exec(argv: argv)
            } else if let path = try? ObjectPath(path) {
                result[app] = .bus(name: busName, path: path)
            }
        }
        return result
    }

    // MARK: Pending

    /// Saves (or replaces, by identifier) a request that fires at `fireDate`.
    public func savePending(_ pending: PendingRequest) async throws {
        _ = try await savePending(pending, limit: .max)
    }

    /// Saves (or replaces, by identifier) a pending request, in one transaction with the
    /// check that a new one does not take its app past `limit`; false (nothing saved) when it would.
    public func savePending(_ pending: PendingRequest, limit: Int) async throws -> Bool {
        try await queuePending(pending, limit: limit).value
    }

    /// ``savePending(_:limit:)`` queued now, behind every write before it; its result comes later.
    func queuePending(_ pending: PendingRequest, limit: Int) -> Eventual<Bool> {
        let app = pending.app.rawValue
        let json = ModelJSON.encode(pending.request)
        return batch.submit { db in
            let exists = try Bool.fetchOne(
                db.cachedStatement(sql: "SELECT 1 FROM pending WHERE app_id = ? AND identifier = ?"),
                arguments: [app, pending.request.identifier]) ?? false
            if !exists, try self.pendingCount(of: app, in: db) >= limit { return false }
            try Self.insert(pending, json: json, into: db)
            if !exists { self.pendingCounts.withLock { $0[app]? += 1 } }
            return true
        }
    }

    /// The pending count of `app`, from the cache or counted now (inside a transaction).
    private func pendingCount(of app: String, in db: Database) throws -> Int {
        if let cached = pendingCounts.withLock({ $0[app] }) { return cached }
        let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM pending WHERE app_id = ?", arguments: [app]) ?? 0
        pendingCounts.withLock { $0[app] = count }
        return count
    }

    /// Removes pending requests of `app` (all of them for nil); returns the identifiers removed.
    @discardableResult
    public func removePending(_ app: AppID, ids: [String]?) async throws -> [String] {
        try await batch.write { db in
            let existing = try String.fetchAll(db, sql: "SELECT identifier FROM pending WHERE app_id = ?", arguments: [app.rawValue])
            let targets = ids.map { wanted in existing.filter(Set(wanted).contains) } ?? existing
            for id in targets {
                try db.execute(sql: "DELETE FROM pending WHERE app_id = ? AND identifier = ?", arguments: [app.rawValue, id])
            }
            self.pendingCounts.withLock { $0[app.rawValue] = existing.count - targets.count }
            return targets
        }
    }

    /// The pending requests of `app`, soonest first.
    public func pending(of app: AppID) async throws -> [PendingRequest] {
        try await fetchPending("WHERE app_id = ? ORDER BY fire_date, identifier", [app.rawValue])
    }

    /// How many requests `app` has pending.
    public func pendingCount(of app: AppID) async throws -> Int {
        try await readNow { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM pending WHERE app_id = ?", arguments: [app.rawValue]) ?? 0
        }
    }

    /// Whether `app` has a request `identifier` scheduled.
    public func isPending(_ app: AppID, _ identifier: String) async throws -> Bool {
        try await readNow { db in
            try Bool.fetchOne(
                db, sql: "SELECT 1 FROM pending WHERE app_id = ? AND identifier = ?", arguments: [app.rawValue, identifier]) ?? false
        }
    }

    /// When the earliest pending request fires, if any is pending.
    public func earliestFireDate() async throws -> Date? {
        try await readNow { db in
            try Double.fetchOne(db, sql: "SELECT MIN(fire_date) FROM pending").map(Date.init(timeIntervalSince1970:))
        }
    }

    /// The requests due at `date`, soonest first.
    public func due(at date: Date) async throws -> [PendingRequest] {
        try await fetchPending("WHERE fire_date <= ? ORDER BY fire_date, app_id, identifier", [date.timeIntervalSince1970])
    }

    /// Takes a fired request out of pending, or moves a repeating one to its next date, at
    /// once; nothing happens if it was replaced or removed since it was read (`firing` no
    /// longer matches the row).
    public func fired(_ firing: PendingRequest, next: Date?) async throws {
        try await batch.write { db in
            let stillThere = try Bool.fetchOne(
                db, sql: "SELECT 1 FROM pending WHERE app_id = ? AND identifier = ? AND fire_date = ? AND request_json = ?",
                arguments: [firing.app.rawValue, firing.request.identifier, firing.fireDate.timeIntervalSince1970,
                            ModelJSON.encode(firing.request)]) ?? false
            guard stillThere else { return }
            if let next {
                try db.execute(
                    sql: "UPDATE pending SET fire_date = ? WHERE app_id = ? AND identifier = ?",
                    arguments: [next.timeIntervalSince1970, firing.app.rawValue, firing.request.identifier])
            } else {
                try db.execute(
                    sql: "DELETE FROM pending WHERE app_id = ? AND identifier = ?",
                    arguments: [firing.app.rawValue, firing.request.identifier])
                self.pendingCounts.withLock { $0[firing.app.rawValue]? -= 1 }
            }
        }
    }

    private static func insert(_ pending: PendingRequest, json: String, into db: Database) throws {
        try db.cachedStatement(
            sql: "INSERT OR REPLACE INTO pending (app_id, identifier, request_json, fire_date, added_at) VALUES (?, ?, ?, ?, ?)"
        ).execute(arguments: [pending.app.rawValue, pending.request.identifier, json,
                              pending.fireDate.timeIntervalSince1970, pending.addedAt.timeIntervalSince1970])
    }

    private func fetchPending(_ clause: String, _ arguments: StatementArguments) async throws -> [PendingRequest] {
        let rows = try await readNow { db in
            try Row.fetchAll(db, sql: "SELECT app_id, request_json, fire_date, added_at FROM pending \(clause)", arguments: arguments)
                .map { ($0["app_id"] as String, $0["request_json"] as String, $0["fire_date"] as Double, $0["added_at"] as Double) }
        }
        return rows.compactMap { appID, json, fireDate, addedAt in
            guard let app = decodeApp(appID),
                let request = decode(json, "pending request", { try ModelJSON.decodeRequest($0, limits: nil) })
            else { return nil }
            return PendingRequest(
                app: app, request: request, fireDate: Date(timeIntervalSince1970: fireDate),
                addedAt: Date(timeIntervalSince1970: addedAt))
        }
    }

    // MARK: Delivered

    /// Records a notification put on screen (or queued for a server), replacing one with the
    /// same identifier; with `unscheduling`, takes a pending request with its identifier out of
    /// pending in the same transaction and returns whether there was one.
    @discardableResult
    public func saveDelivered(_ delivered: DeliveredNotification, unscheduling: Bool = false) async throws -> Bool {
        try await queueDelivered(delivered, unscheduling: unscheduling).value
    }

    /// ``saveDelivered(_:unscheduling:)`` queued now, behind every write before it; its result comes later.
    func queueDelivered(_ delivered: DeliveredNotification, unscheduling: Bool = false) -> Eventual<Bool> {
        let app = delivered.app.rawValue
        let arguments: StatementArguments = [
            app, delivered.request.identifier, ModelJSON.encode(delivered.request),
            delivered.category.map { ModelJSON.encode([$0]) }, delivered.serverID.map { Int64($0) },
            delivered.date.timeIntervalSince1970,
        ]
        return batch.submit { db in
            try db.cachedStatement(sql: """
                INSERT OR REPLACE INTO delivered (app_id, identifier, request_json, category_json, server_id, delivered_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """).execute(arguments: arguments)
            guard unscheduling else { return false }
            try db.cachedStatement(sql: "DELETE FROM pending WHERE app_id = ? AND identifier = ?")
                .execute(arguments: [app, delivered.request.identifier])
            guard db.changesCount > 0 else { return false }
            self.pendingCounts.withLock { $0[app]? -= 1 }
            return true
        }
    }

    /// Notes the server id a delivered notification got.
    public func setServerID(_ serverID: UInt32?, of key: (app: AppID, identifier: String)) async throws {
        try await batch.write { db in
            try db.cachedStatement(sql: "UPDATE delivered SET server_id = ? WHERE app_id = ? AND identifier = ?")
                .execute(arguments: [serverID.map { Int64($0) }, key.app.rawValue, key.identifier])
        }
    }

    /// Forgets a notification that left the screen.
    public func removeDelivered(_ app: AppID, identifier: String) async throws {
        try await batch.write { db in
            try db.cachedStatement(sql: "DELETE FROM delivered WHERE app_id = ? AND identifier = ?")
                .execute(arguments: [app.rawValue, identifier])
        }
    }

    /// Keeps the delivered rows in step with the server: its ids, and what it closed. Best effort:
    /// a failure is logged, and a restarted daemon then re-shows with an older id.
    public func record(_ change: LiveChange) async {
        do {
            switch change {
            case .shown(let key, let serverID): try await setServerID(serverID, of: (key.appID, key.requestID))
            case .departed(let key): try await removeDelivered(key.appID, identifier: key.requestID)
            case .server: break
            }
        } catch {
            logger.error("store: cannot record a change on screen", metadata: ["change": "\(change)", "error": "\(error)"])
        }
    }

    /// Every delivered notification, oldest first.
    public func allDelivered() async throws -> [DeliveredNotification] {
        let rows = try await readNow { db in
            try Row.fetchAll(
                db, sql: "SELECT app_id, request_json, category_json, server_id, delivered_at FROM delivered ORDER BY delivered_at"
            ).map {
                ($0["app_id"] as String, $0["request_json"] as String, $0["category_json"] as String?,
                 $0["server_id"] as Int64?, $0["delivered_at"] as Double)
            }
        }
        return rows.compactMap { appID, json, categoryJSON, serverID, date in
            guard let app = decodeApp(appID),
                let request = decode(json, "delivered request", { try ModelJSON.decodeRequest($0, limits: nil) })
            else { return nil }
            let category = categoryJSON.flatMap { decode($0, "delivered category", { try ModelJSON.decodeCategories($0, limits: nil) })?.first }
            return DeliveredNotification(
                app: app, request: request, category: category, serverID: serverID.flatMap(UInt32.init(exactly:)),
                date: Date(timeIntervalSince1970: date))
        }
    }

    // MARK: Outbox

    /// Appends a response to the outbox; returns its place in line.
    @discardableResult
    public func enqueue(_ response: NotificationResponse) async throws -> Int64 {
        try await enqueue(response, json: ModelJSON.encode(response)).seq
    }

    /// Appends a response already encoded as `json`; returns its place in line, and whether it
    /// is the oldest waiting for its app (then it goes out next).
    public func enqueue(_ response: NotificationResponse, json: String) async throws -> (seq: Int64, isNext: Bool) {
        try await batch.write { db in
            try db.cachedStatement(sql: "INSERT INTO outbox (app_id, response_json, created_at) VALUES (?, ?, ?)")
                .execute(arguments: [response.appId.rawValue, json, response.date.timeIntervalSince1970])
            let seq = db.lastInsertedRowID
            let oldest = try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT MIN(seq) FROM outbox WHERE app_id = ?"), arguments: [response.appId.rawValue])
            return (seq, oldest == seq)
        }
    }

    /// The responses waiting for `app`'s handler, oldest first, with their places in line.
    public func outbox(of app: AppID) async throws -> [(seq: Int64, response: NotificationResponse)] {
        let rows = try await readNow { db in
            try Row.fetchAll(db, sql: "SELECT seq, response_json FROM outbox WHERE app_id = ? ORDER BY seq", arguments: [app.rawValue])
                .map { ($0["seq"] as Int64, $0["response_json"] as String) }
        }
        return rows.compactMap { seq, json in
            guard let response = decode(json, "response", { try ModelJSON.decodeResponse($0) }) else { return nil }
            return (seq, response)
        }
    }

    /// The oldest response waiting for `app`, reading no further than it (damaged rows are
    /// skipped, as in ``outbox(of:)``).
    public func nextInOutbox(of app: AppID) async throws -> (seq: Int64, response: NotificationResponse)? {
        try await readNow { db in
            let rows = try Row.fetchCursor(
                db, sql: "SELECT seq, response_json FROM outbox WHERE app_id = ? ORDER BY seq", arguments: [app.rawValue])
            while let row = try rows.next() {
                if let response = self.decode(row["response_json"], "response", { try ModelJSON.decodeResponse($0) }) {
                    return (row["seq"], response)
                }
            }
            return nil
        }
    }

    /// The apps with responses waiting.
    public func appsWithOutbox() async throws -> [AppID] {
        let names = try await readNow { db in try String.fetchAll(db, sql: "SELECT DISTINCT app_id FROM outbox") }
        return names.compactMap(decodeApp)
    }

    /// Removes an acknowledged response.
    public func acknowledge(_ seq: Int64) async throws {
        try await batch.write { db in try db.cachedStatement(sql: "DELETE FROM outbox WHERE seq = ?").execute(arguments: [seq]) }
    }

    /// Runs raw SQL, for tests that damage rows on purpose.
    func corrupt(_ sql: String) async throws {
        pendingCounts.withLock { $0 = [:] }
        try await batch.write { db in try db.execute(sql: sql) }
    }

    // MARK: Decoding rows

    /// Reads on the calling thread (GRDB's reader queue runs it inline when idle): no hop to
    /// another thread and back for a read that takes microseconds. Waits for the database
    /// while it opens.
    private func readNow<T>(_ body: (Database) throws -> T) async throws -> T {
        try await database.value.read(body)
    }

    private func decodeApp(_ text: String) -> AppID? {
        guard let app = try? AppID(validating: text) else {
            logger.error("store: skipping a row with an invalid app id", metadata: ["app": "\(text)"])
            return nil
        }
        return app
    }

    private func decode<T>(_ json: String, _ what: String, _ body: (String) throws -> T) -> T? {
        do {
            return try body(json)
        } catch {
            logger.error("store: skipping a \(what) that does not decode", metadata: ["error": "\(error)"])
            return nil
        }
    }
}

/// A request waiting for its trigger.
public struct PendingRequest: Sendable, Hashable {
    public var app: AppID
    public var request: NotificationRequest
    /// When it fires next.
    public var fireDate: Date
    /// When the app added it.
    public var addedAt: Date

    public init(app: AppID, request: NotificationRequest, fireDate: Date, addedAt: Date) {
        self.app = app
        self.request = request
        self.fireDate = fireDate
        self.addedAt = addedAt
    }
}

/// A notification on screen (or waiting for a server), as a restarted daemon needs it.
public struct DeliveredNotification: Sendable, Hashable {
    public var app: AppID
    public var request: NotificationRequest
    /// The category it was shown with.
    public var category: NotificationCategory?
    /// The server's id for it; nil until a server showed it.
    public var serverID: UInt32?
    /// When it was delivered.
    public var date: Date

    public init(app: AppID, request: NotificationRequest, category: NotificationCategory?, serverID: UInt32?, date: Date) {
        self.app = app
        self.request = request
        self.category = category
        self.serverID = serverID
        self.date = date
    }
}

/// How many requests each app has pending (see ``Store``), shared with the store's write batch.
private final class PendingCounts: Sendable {
    private let counts = Mutex<[String: Int]>([:])

    func withLock<R>(_ body: (inout [String: Int]) -> R) -> R { counts.withLock { body(&$0) } }
}
