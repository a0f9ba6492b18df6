import GRDB

extension Store {
    /// The run of the notification server that showed what the delivered rows record (see
    /// ``FreedesktopNotifications/NotificationBridge/serverRun``); nil when none was recorded.
    /// Read in `db`.
    func serverRun(_ db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT run FROM server_run WHERE id = 0")
    }

    /// Records `run` as the server that shows the notifications from now on.
    func setServerRun(_ run: String) async throws {
        try await batch.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO server_run (id, run) VALUES (0, ?)", arguments: [run])
        }
    }
}
