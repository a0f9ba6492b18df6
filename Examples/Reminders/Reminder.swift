import Foundation
import GRDB

/// A reminder, as the tutorial's Core Data entity has it: a title, when it is due, and
/// whether it is done.
struct Reminder: Codable, Sendable, FetchableRecord, PersistableRecord {
    var identifier: String
    var title: String
    var dueDate: Date
    var isCompleted: Bool
}
