import Foundation
import Testing
import UserNotificationsCore
@testable import UsernotedService

/// The summaries of what was held: what they say and what they stand for.
@Suite struct HeldSummaryTests {
    static let calendar = try! AppID(validating: "org.example.Calendar")
    static let news = try! AppID(validating: "org.example.News")

    static func held(_ title: String, of app: AppID = calendar, relevance: Double? = nil, at seconds: Double, reason: HeldNotification.Reason = .focus) -> HeldNotification {
        HeldNotification(
            app: app, request: NotificationRequest(identifier: title, content: NotificationContent(title: title, relevanceScore: relevance)),
            category: nil, reason: reason, date: Date(timeIntervalSince1970: seconds))
    }

    @Test func aFocusSummaryNamesTheMostRelevantFirstThenTheNewest() {
        let held = [
            Self.held("old", at: 1), Self.held("new", at: 3), Self.held("important", relevance: 0.9, at: 2),
            Self.held("newest", at: 4),
        ]
        let request = HeldSummary.request(for: .focus(Self.calendar), of: held, top: 3)
        #expect(request.identifier == "summary.org.example.Calendar")
        #expect(request.content.title == "4 notifications from Calendar")
        #expect(request.content.body == "important\nnewest\nnew\nand 1 more")
        #expect(request.content.categoryIdentifier == OwnNotifications.summaryCategory.identifier)
    }

    @Test func theDigestNamesEachApp() {
        let held = [Self.held("Standup moved", at: 1, reason: .summary), Self.held("Headline", of: Self.news, at: 2, reason: .summary)]
        let request = HeldSummary.request(for: .digest, of: held, top: 5)
        #expect(request.content.title == "Scheduled summary: 2 notifications")
        #expect(request.content.body == "News: Headline\nCalendar: Standup moved")
    }

    @Test func aScopeCoversItsOwn() {
        let scope = HeldSummary.Scope.focus(Self.calendar)
        #expect(scope.covers(Self.held("a", at: 1)))
        #expect(scope.covers(Self.held("a", at: 1, reason: .passive)))
        #expect(!scope.covers(Self.held("a", at: 1, reason: .summary)))
        #expect(!scope.covers(Self.held("a", of: Self.news, at: 1)))
        #expect(HeldSummary.Scope(requestID: scope.requestID) == scope)
        #expect(HeldSummary.Scope(requestID: HeldSummary.Scope.digest.requestID) == .digest)
        #expect(HeldSummary.Scope(requestID: "meeting-1") == nil)
    }
}
