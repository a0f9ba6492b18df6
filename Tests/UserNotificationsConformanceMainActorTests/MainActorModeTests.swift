import Testing
import UserNotifications

/// The shared declarations and samples, compiled as apps of 2025–2026 build (main actor by
/// default, NonisolatedNonsendingByDefault, InferIsolatedConformances), behave as in Swift 6.
struct MainActorModeTests {
    @Test func theReferencedDeclarationsGiveApplesValues() {
        #expect(referenceLocalizedString() == "Anna invited you")
        #expect(referenceErrors(UNError(.notificationsNotAllowed, "denied")) == 1)
        #expect(referenceActions().actions.map(\.identifier) == ["DELETE", "REPLY", "R2"])
    }

    @Test func aMainActorDelegateHandsTheResponseToTheMainActor() async {
        let model = InboxModel()
        let center = UNUserNotificationCenter(appID: "org.example.MainActorMode")
        let request = UNNotificationRequest(identifier: "n1", content: UNMutableNotificationContent(), trigger: nil)
        let delegate: any UNUserNotificationCenterDelegate = model
        await delegate.userNotificationCenter(center, didReceive: UNNotificationResponse(
            actionIdentifier: UNNotificationDefaultActionIdentifier, notification: UNNotification(request: request, date: Date())))
        #expect(model.unread == ["n1"])
    }
}
