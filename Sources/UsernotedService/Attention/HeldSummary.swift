import Foundation
import UserNotificationsCore

/// The notifications usernoted shows for what it held: one per app when Focus ends ("4
/// notifications from Calendar") and the scheduled digest, each naming the most relevant
/// first, with *Show all* and *Clear*. They are usernoted's own (``OwnNotifications`` shows
/// them and hands their answers to ``Attention``), never an app's.
enum HeldSummary {
    /// What a summary stands for: one app's notifications held by Focus, or the scheduled digest.
    enum Scope: Sendable, Hashable {
        case focus(AppID)
        case digest

        /// The request identifier of its summary.
        var requestID: String {
            switch self {
            case .focus(let app): "summary.\(app.rawValue)"
            case .digest: "summary.scheduled"
            }
        }

        /// The scope whose summary has `requestID`; nil for any other.
        init?(requestID: String) {
            if requestID == Scope.digest.requestID { self = .digest; return }
            guard requestID.hasPrefix("summary."), let app = try? AppID(validating: String(requestID.dropFirst(8))) else {
                return nil
            }
            self = .focus(app)
        }

        /// Whether `held` is one of the notifications this scope's summary stands for.
        func covers(_ held: HeldNotification) -> Bool {
            switch self {
            case .focus(let app): held.app == app && (held.reason == .focus || held.reason == .passive)
            case .digest: held.reason == .summary
            }
        }
    }

    /// The most relevant first (`relevanceScore`), then the newest.
    static func ranked(_ held: [HeldNotification]) -> [HeldNotification] {
        held.sorted {
            let (a, b) = ($0.request.content.relevanceScore ?? 0, $1.request.content.relevanceScore ?? 0)
            return a != b ? a > b : $0.date > $1.date
        }
    }

    /// The name an app is called by in a summary: the last part of its id (`org.example.Calendar` → Calendar).
    static func name(of app: AppID) -> String { String(app.rawValue.split(separator: ".").last ?? Substring(app.rawValue)) }

    /// The summary of `held` (what `scope` covers), naming at most `top` of them.
    static func request(for scope: Scope, of held: [HeldNotification], top: Int) -> NotificationRequest {
        let ranked = ranked(held)
        let count = ranked.count == 1 ? "1 notification" : "\(ranked.count) notifications"
        let title: String
        var lines: [String]
        switch scope {
        case .focus(let app):
            title = "\(count) from \(name(of: app))"
            lines = ranked.prefix(top).map { headline(of: $0.request.content) }
        case .digest:
            title = "Scheduled summary: \(count)"
            lines = ranked.prefix(top).map { "\(name(of: $0.app)): \(headline(of: $0.request.content))" }
        }
        if ranked.count > top { lines.append("and \(ranked.count - top) more") }
        let content = NotificationContent(
            title: title, body: lines.joined(separator: "\n"), categoryIdentifier: OwnNotifications.summaryCategory.identifier)
        return NotificationRequest(identifier: scope.requestID, content: content)
    }

    /// What names one notification in a summary: its title, else its body's first line.
    private static func headline(of content: NotificationContent) -> String {
        content.title.isEmpty ? String(content.body.split(separator: "\n").first ?? "") : content.title
    }
}
