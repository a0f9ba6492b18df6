import FreedesktopNotifications
import Synchronization
import Testing
import UserNotificationsCore
@testable import UsernotedService

/// usernoted's own notifications: their categories, the prompt's request id, and where an answer goes.
@Suite struct OwnNotificationsTests {
    static let calendar = try! AppID(validating: "org.example.Calendar")

    /// Stands in for the apps' authorization: records what it is handed, answers `status`.
    final class Prompts: OwnNotifications.Prompts {
        let status: String?
        let heard = Mutex<[String]>([])
        init(status: String?) { self.status = status }
        func answered(_ app: AppID, action: String) async -> String? {
            heard.withLock { $0.append("\(app) \(action)") }
            return status
        }
    }

    /// Stands in for Focus: records the request ids it is handed, answers `dismissals`.
    final class Summaries: OwnNotifications.Summaries {
        let dismissals: [Interaction]
        let heard = Mutex<[String]>([])
        init(dismissals: [Interaction] = []) { self.dismissals = dismissals }
        func answered(_ interaction: Interaction) async -> [Interaction] {
            heard.withLock { $0.append(interaction.request.identifier) }
            return dismissals
        }
    }

    static func interaction(_ requestID: String, of app: AppID = OwnNotifications.appID, action: String) -> Interaction {
        Interaction(
            appID: app, request: NotificationRequest(identifier: requestID, content: NotificationContent(title: "t")),
            category: nil, actionIdentifier: action, userText: nil, activationToken: nil)
    }

    @Test func bothCategoriesHaveTwoButtonsTheSecondDestructiveAndHearTheUserCloseThem() {
        for category in [OwnNotifications.promptCategory, OwnNotifications.summaryCategory] {
            #expect(category.actions.count == 2)
            #expect(category.actions.last?.options == [.destructive])
            #expect(category.options.contains(.customDismissAction))
        }
        #expect(OwnNotifications.promptCategory.actions.map(\.identifier) == ["allow", "dont-allow"])
        #expect(OwnNotifications.promptCategory.options.contains(.hiddenPreviewsShowTitle))
        #expect(OwnNotifications.summaryCategory.actions.map(\.identifier) == ["show-all", "clear"])
        #expect(!OwnNotifications.summaryCategory.options.contains(.hiddenPreviewsShowTitle))
    }

    @Test func aPromptsRequestIDNamesItsApp() {
        let id = OwnNotifications.promptID(for: Self.calendar)
        #expect(id == "authorization.org.example.Calendar")
        #expect(OwnNotifications.app(ofPrompt: id) == Self.calendar)
        #expect(OwnNotifications.app(ofPrompt: "summary.org.example.Calendar") == nil)
        #expect(AuthorizationPrompt.request(for: Self.calendar).identifier == id)
    }

    @Test func anAnswerToAnAppsNotificationIsNotOurs() async {
        let (prompts, summaries) = (Prompts(status: "authorized"), Summaries())
        let answer = await OwnNotifications.answer(
            Self.interaction("authorization.org.example.Calendar", of: Self.calendar, action: "allow"),
            prompts: prompts, summaries: summaries)
        #expect(answer == nil)
        #expect(prompts.heard.withLock { $0 }.isEmpty && summaries.heard.withLock { $0 }.isEmpty)
    }

    @Test func aPromptsAnswerGoesToTheAuthorization() async {
        let (prompts, summaries) = (Prompts(status: "authorized"), Summaries())
        let answer = await OwnNotifications.answer(
            Self.interaction(OwnNotifications.promptID(for: Self.calendar), action: "allow"), prompts: prompts, summaries: summaries)
        #expect(answer == .authorization(Self.calendar, status: "authorized"))
        #expect(prompts.heard.withLock { $0 } == ["org.example.Calendar allow"])
        #expect(summaries.heard.withLock { $0 }.isEmpty)
        let unasked = await OwnNotifications.answer(
            Self.interaction(OwnNotifications.promptID(for: Self.calendar), action: "allow"),
            prompts: Prompts(status: nil), summaries: summaries)
        #expect(unasked == .nothing)
    }

    @Test func anyOtherAnswerGoesToTheSummaries() async {
        let dismissal = Self.interaction("meeting", of: Self.calendar, action: NotificationResponse.dismissActionIdentifier)
        let (prompts, summaries) = (Prompts(status: "authorized"), Summaries(dismissals: [dismissal]))
        let answer = await OwnNotifications.answer(
            Self.interaction("summary.org.example.Calendar", action: "clear"), prompts: prompts, summaries: summaries)
        #expect(answer == .dismissals([dismissal]))
        #expect(summaries.heard.withLock { $0 } == ["summary.org.example.Calendar"])
        #expect(prompts.heard.withLock { $0 }.isEmpty)
    }
}
