import GRDB
import UserNotificationsCore

extension Store {
    /// What a start restores before it serves: the previous run's state.
    struct Restored: Sendable {
        let serverRun: String?
        let categories: [AppID: [NotificationCategory]]
        let serviceExtensions: [AppID: [String]]
        let settings: [AppID: AppSettings]
        let focus: FocusSetting
        let held: [HeldNotification]
    }

    /// What a start restores, read in `db`.
    func restored(_ db: Database) throws -> Restored {
        Restored(
            serverRun: try serverRun(db), categories: try allCategories(db), serviceExtensions: try allServiceExtensions(db),
            settings: try allSettings(db), focus: try focus(db), held: try allHeld(db))
    }

    /// What a start restores. A store opening on a thread of its own
    /// (``opening(directory:logger:committingOn:)``) reads it there as soon as the database is
    /// migrated, on the writer's connection, before it opens the reader's: the loop thread,
    /// which waits for it before it asks for the bus name, neither makes six reads nor waits
    /// for a second connection to read the schema. Otherwise read now.
    func restored() async throws -> Restored {
        if let restoring { return try await restoring.value }
        return try await readNow(restored)
    }
}
