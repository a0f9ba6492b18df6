import Foundation
import MQTT

/// APNs' request headers, carried as MQTT 5 user properties of a push: `apns-id` (the dedupe key,
/// and the request identifier unless a collapse id is given), `apns-collapse-id` (the request
/// identifier: a push with the same one replaces the notification on screen), `apns-expiration`
/// (UNIX seconds; not shown after it; 0 or absent: no expiry), `apns-priority` (10 or 5; kept
/// for the log, the desktop shows at once either way), `apns-push-type` (`alert`, or
/// `background`: without an alert, a background push even without `content-available`).
struct PushHeaders: Sendable, Hashable {
    var id: String?
    var collapseID: String?
    var expiration: Date?
    var priority: Int?
    /// Whether `apns-push-type` is `background`.
    var isBackground = false

    /// The headers of `message`; a header that does not read is a problem named in the error text.
    init(_ message: Message) throws(PushHeaderError) {
        id = message.userProperty("apns-id").flatMap { $0.isEmpty ? nil : $0 }
        collapseID = message.userProperty("apns-collapse-id").flatMap { $0.isEmpty ? nil : $0 }
        if let text = message.userProperty("apns-expiration") {
            guard let seconds = Int64(text), seconds >= 0 else {
                throw PushHeaderError("apns-expiration: \"\(text)\" is not a UNIX time in seconds")
            }
            expiration = seconds == 0 ? nil : Date(timeIntervalSince1970: TimeInterval(seconds))
        }
        if let text = message.userProperty("apns-priority") {
            guard let value = Int(text), [1, 5, 10].contains(value) else {
                throw PushHeaderError("apns-priority: \"\(text)\" is not 10, 5 or 1")
            }
            priority = value
        }
        if let text = message.userProperty("apns-push-type") {
            guard ["alert", "background"].contains(text) else {
                throw PushHeaderError("apns-push-type: \"\(text)\" is not alert or background (the only kinds a desktop takes)")
            }
            isBackground = text == "background"
        }
        if let collapseID, collapseID.utf8.count > 64 {
            throw PushHeaderError("apns-collapse-id: longer than 64 bytes (APNs' limit)")
        }
    }

    /// Whether the push must not be shown at `now`.
    func hasExpired(at now: Date) -> Bool { expiration.map { $0 < now } ?? false }
}

/// A header of a push that does not read.
struct PushHeaderError: Error, Sendable, Hashable {
    var message: String
    init(_ message: String) { self.message = message }
}
