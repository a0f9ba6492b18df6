import Testing
@testable import UserNotificationsCore

/// A thread's stack says how many and whom, as the category's summary format has it.
@Suite struct SummaryFormatTests {
    @Test func aFormatIsFilledInWithTheCountAndTheArgument() {
        #expect(SummaryFormat.render("%u more messages from %@", count: 3, argument: "Anna") == "3 more messages from Anna")
        #expect(SummaryFormat.render("%2$@ sent %1$d, 100%%", count: 2, argument: "Ben") == "Ben sent 2, 100%")
    }

    @Test func withoutAPlaceForTheArgumentItGoesInFront() {
        #expect(SummaryFormat.render("%u more messages", count: 3, argument: "Anna") == "Anna: 3 more messages")
        #expect(SummaryFormat.render("%u more messages", count: 3, argument: "") == "3 more messages")
    }

    @Test func theDefaultSaysNotificationsInTheSingularForOne() {
        #expect(SummaryFormat.render("", count: 1, argument: "") == "1 more notification")
        #expect(SummaryFormat.render("", count: 4, argument: "Anna") == "Anna: 4 more notifications")
        #expect(SummaryFormat.render("%u more from %@", count: 2, argument: "") == "2 more notifications", "no one to name")
    }

    @Test func unknownConversionsAreNamed() {
        #expect(SummaryFormat.problem(in: "%u more from %@ (100%%)") == nil)
        #expect(SummaryFormat.problem(in: "%s more")?.hasPrefix("has '%s'; use %u for the count") == true)
        #expect(SummaryFormat.problem(in: "%1$s more")?.hasPrefix("has '%1$s'") == true)
        #expect(SummaryFormat.problem(in: "100%")?.hasPrefix("has a '%' at the end") == true)
    }

    @Test func theArgumentOfSeveralIsEachNameOnce() {
        let contents = ["Anna", "", "Ben", "Anna"].map { NotificationContent(summaryArgument: $0) }
        #expect(SummaryFormat.argument(of: contents) == "Anna, Ben")
    }

    @Test func aCategoryWithAFormatItCannotRenderIsRefused() throws {
        let category = NotificationCategory(identifier: "CHAT", categorySummaryFormat: "%s new")
        #expect(throws: ModelError.self) { try category.validate() }
        #expect(try ModelJSON.decodeCategories(#"[{"identifier": "CHAT", "categorySummaryFormat": "%u new"}]"#)
            .first?.categorySummaryFormat == "%u new")
    }
}
