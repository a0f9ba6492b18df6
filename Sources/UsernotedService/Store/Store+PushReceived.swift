import Foundation
import GRDB
import UserNotificationsCore

/// The `push_received` table: every push taken from the broker by its `apns-id`, so that one
/// delivered again (MQTT's at-least-once, a restart) is shown once, and so that an answer to a
/// notification can be told to be an answer to a push (and which). `received_at` is seconds since 1970.
extension Store {
    /// Records push `id` for `request` of `app`; false when it was recorded before (a duplicate).
    func recordPush(id: String, app: AppID, request: String, at date: Date) async throws -> Bool {
        try await batch.write { db in
            try db.cachedStatement(sql: """
                INSERT OR IGNORE INTO push_received (apns_id, app_id, request_id, received_at) VALUES (?, ?, ?, ?)
                """).execute(arguments: [id, app.rawValue, request, date.timeIntervalSince1970])
            return db.changesCount > 0
        }
    }

    /// The newest push that showed `request` of `app`: its `apns-id`, and whether its answer
    /// is private (``keepAnswerPrivate(pushID:)``); nil when it was not pushed.
    func push(of app: AppID, request: String) async throws -> (id: String, answerPrivate: Bool)? {
        try await readNow { db in
            try Row.fetchOne(
                db.cachedStatement(sql: """
                    SELECT apns_id, answer_private FROM push_received WHERE app_id = ? AND request_id = ? ORDER BY received_at DESC LIMIT 1
                    """),
                arguments: [app.rawValue, request]
            ).map { (id: $0[0], answerPrivate: $0[1]) }
        }
    }

    /// Push `pushID` went to its app's service extension: its answer carries neither the
    /// notification's content nor the user's text, which the extension may have decrypted.
    func keepAnswerPrivate(pushID: String) async throws {
        try await batch.write { db in
            try db.execute(sql: "UPDATE push_received SET answer_private = 1 WHERE apns_id = ?", arguments: [pushID])
        }
    }

    /// Forgets pushes received before `date` (the broker no longer keeps anything that old to send again).
    func forgetPushes(before date: Date) async throws {
        try await batch.write { db in
            try db.execute(sql: "DELETE FROM push_received WHERE received_at < ?", arguments: [date.timeIntervalSince1970])
        }
    }
}
