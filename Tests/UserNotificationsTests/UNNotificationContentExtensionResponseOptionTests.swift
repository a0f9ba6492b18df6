import Testing
@testable import UserNotifications

struct UNNotificationContentExtensionResponseOptionTests {
    @Test func rawValuesAreApples() {
        #expect(UNNotificationContentExtensionResponseOption.doNotDismiss.rawValue == 0)
        #expect(UNNotificationContentExtensionResponseOption.dismiss.rawValue == 1)
        #expect(UNNotificationContentExtensionResponseOption.dismissAndForwardAction.rawValue == 2)
    }

    @Test func doNotDismissKeepsTheNotificationAndTheOthersCloseIt() {
        #expect(UNNotificationContentExtensionResponseOption.doNotDismiss.disposition == "keep")
        #expect(UNNotificationContentExtensionResponseOption.dismiss.disposition == "dismiss")
        // Forwarded within the app, to the delegate, before the answer; then closed.
        #expect(UNNotificationContentExtensionResponseOption.dismissAndForwardAction.disposition == "dismiss")
    }
}
