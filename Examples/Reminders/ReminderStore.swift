import Foundation
import GRDB

/// The reminders, in SQLite (the tutorial keeps them in Core Data, shared by the app and its
/// extension; here every run of the app shares the file).
final class ReminderStore: Sendable {
    private let database: DatabasePool

    /// Opens (or creates) `reminders.sqlite` in `directory`.
    init(directory: URL) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)  // another run of the app may be writing
        database = try DatabasePool(path: directory.appending(path: "reminders.sqlite").path, configuration: configuration)
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "reminder") { table in
                table.primaryKey("identifier", .text)
                table.column("title", .text).notNull()
                table.column("dueDate", .datetime).notNull()
                table.column("isCompleted", .boolean).notNull().defaults(to: false)
            }
        }
        try migrator.migrate(database)
    }

    /// Saves `reminder` (new, or changed).
    func save(_ reminder: Reminder) throws {
        try database.write { db in try reminder.save(db) }
    }

    /// The reminder with `identifier`, if there is one.
    func reminder(withIdentifier identifier: String) throws -> Reminder? {
        try database.read { db in try Reminder.fetchOne(db, key: identifier) }
    }

    /// Every reminder, soonest first.
    func all() throws -> [Reminder] {
        try database.read { db in try Reminder.order(Column("dueDate")).fetchAll(db) }
    }
}

/// Where the app keeps its data: `$XDG_STATE_HOME/usernoted-examples/<name>`
/// (`~/.local/state/usernoted-examples/<name>` by default), created if needed.
func appStateDirectory(named name: String) -> URL {
    let environment = ProcessInfo.processInfo.environment
    let stateHome = environment["XDG_STATE_HOME"].map { URL(filePath: $0) }
        ?? URL(filePath: NSHomeDirectory()).appending(path: ".local/state")
    let directory = stateHome.appending(path: "usernoted-examples/\(name)")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}
