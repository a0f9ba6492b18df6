import Testing
@testable import UserNotifications
import UserNotificationsCore

struct UNNotificationActionTests {
    @Test func aPlainActionMapsToTheModelWithItsOptions() {
        let action = UNNotificationAction(identifier: "DELETE", title: "Delete", options: [.destructive, .authenticationRequired])
        #expect(action.model == NotificationAction(identifier: "DELETE", title: "Delete", options: [.destructive, .authenticationRequired]))
        #expect(action.options == [.destructive, .authenticationRequired])
        #expect(!action.isTextInput)
        #expect(!(action is UNTextInputNotificationAction))
    }

    @Test func everyOptionMapsBothWays() {
        for option: UNNotificationActionOptions in [.foreground, .destructive, .authenticationRequired] {
            #expect(UNNotificationActionOptions(option.model) == option)
            #expect(option.model.names.count == 1)
        }
        #expect(UNNotificationActionOptions.foreground.model == .foreground)
        #expect(UNNotificationActionOptions.destructive.model == .destructive)
    }

    @Test func anIconIsSentAsItsFreedesktopNameAndKeptAsGiven() {
        let icon = UNNotificationActionIcon(systemImageName: "trash.fill")
        let action = UNNotificationAction(identifier: "DELETE", title: "Delete", options: [], icon: icon)
        #expect(action.model.icon == "edit-delete")
        #expect(action.icon == icon)
        let unmapped = UNNotificationAction(identifier: "X", title: "X", icon: UNNotificationActionIcon(systemImageName: "tortoise"))
        #expect(unmapped.model.icon == nil, "a symbol without a freedesktop icon leaves the label alone")
        let reply = UNTextInputNotificationAction(
            identifier: "R", title: "Reply", icon: UNNotificationActionIcon(templateImageName: "org.example.reply"),
            textInputButtonTitle: "Send", textInputPlaceholder: "")
        #expect(reply.model.icon == "org.example.reply")
        #expect(reply.isTextInput)
    }

    @Test func aModelActionReadsBack() {
        let action = UNNotificationAction.from(.init(identifier: "GO", title: "Go", options: [.foreground], icon: "go-next"))
        #expect(!(action is UNTextInputNotificationAction))
        #expect(action.icon == UNNotificationActionIcon(templateImageName: "go-next"))
        #expect(action.identifier == "GO")
        #expect(action.title == "Go")
        #expect(action.options == .foreground)
    }
}
