import Testing
import UserNotifications

/// The shared declarations and samples, compiled in the Swift 5 language mode, behave as in Swift 6.
struct Swift5ModeTests {
    @Test func theReferencedDeclarationsGiveApplesValues() throws {
        #expect(referenceLocalizedString() == "Anna invited you")
        #expect(referenceErrors(UNError(.notificationsNotAllowed, "denied")) == 1)
        let category = referenceActions()
        #expect(category.actions.map(\.identifier) == ["DELETE", "REPLY", "R2"])
        let content = try referenceContent(UNNotification(
            request: UNNotificationRequest(identifier: "n", content: UNMutableNotificationContent(), trigger: nil), date: Date()))
        #expect(content is UNMutableNotificationContent)
    }
}
