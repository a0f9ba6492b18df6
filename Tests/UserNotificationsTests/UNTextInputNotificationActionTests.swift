import Testing
@testable import UserNotifications
import UserNotificationsCore

struct UNTextInputNotificationActionTests {
    @Test func aTextInputActionCarriesItsButtonAndPlaceholder() {
        let reply = UNTextInputNotificationAction(
            identifier: "REPLY", title: "Reply", options: [], textInputButtonTitle: "Send", textInputPlaceholder: "Message")
        #expect(reply.isTextInput)
        #expect(reply.textInputButtonTitle == "Send")
        #expect(reply.textInputPlaceholder == "Message")
        #expect(reply.model == .textInput(identifier: "REPLY", title: "Reply", textInputButtonTitle: "Send", textInputPlaceholder: "Message"))
    }

    @Test func textAndPlainActionsMixInOneCategory() {
        let reply = UNTextInputNotificationAction(identifier: "REPLY", title: "Reply", textInputButtonTitle: "Send", textInputPlaceholder: "")
        let read = UNNotificationAction(identifier: "READ", title: "Mark as read")
        let category = UNNotificationCategory(identifier: "MESSAGE", actions: [reply, read], intentIdentifiers: [])
        #expect(category.actions.map(\.isTextInput) == [true, false])
        #expect(category.actions.map { $0 is UNTextInputNotificationAction } == [true, false])
        #expect((category.actions.first as? UNTextInputNotificationAction)?.textInputButtonTitle == "Send")
    }

    @Test func equalActionsAreEqualObjects() {
        let reply = UNTextInputNotificationAction(identifier: "R", title: "Reply", textInputButtonTitle: "Send", textInputPlaceholder: "")
        #expect(reply == UNTextInputNotificationAction(identifier: "R", title: "Reply", textInputButtonTitle: "Send", textInputPlaceholder: ""))
        #expect(reply != UNTextInputNotificationAction(identifier: "R", title: "Reply", textInputButtonTitle: "Go", textInputPlaceholder: ""))
        #expect(reply.copy() as? UNTextInputNotificationAction === reply)
    }
}
