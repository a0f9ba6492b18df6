import Foundation
import GRDB

/// The daemon's SQLite state, opened read-only beside the running daemon.
enum StateDatabase {
    /// What `PRAGMA integrity_check` says: `ok`, or the problems found.
    static func integrity(of file: URL) throws -> String {
        var configuration = Configuration()
        configuration.readonly = true
        let database = try DatabaseQueue(path: file.path, configuration: configuration)
        return try database.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "; ") }
    }
}
