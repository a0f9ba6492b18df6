import Testing
@testable import UserNotifications
import UserNotificationsCore

struct UNNotificationActionTests {
    @Test func aPlainActionMapsToTheModelWithItsOptions() {
        let action = UNNotificationAction(identifier: "DELETE", title: "Delete", options: [.destructive, .authenticationRequired])
        #expect(action.model == NotificationAction(identifier: "DELETE", title: "Delete", options: [.destructive, .authenticationRequired]))
        #expect(action.options == [.destructive, .authenticationRequired])
        #expect(!action.isTextInput)
        #expect(action.textInputButtonTitle == "")
    }

    @Test func everyOptionMapsBothWays() {
        for option: UNNotificationActionOptions in [.foreground, .destructive, .authenticationRequired] {
            #expect(UNNotificationActionOptions(option.model) == option)
            #expect(option.model.names.count == 1)
        }
        #expect(UNNotificationActionOptions.foreground.model == .foreground)
        #expect(UNNotificationActionOptions.destructive.model == .destructive)
    }

    @Test func aModelActionReadsBack() {
        let action = UNNotificationAction(.init(identifier: "GO", title: "Go", options: [.foreground]))
        #expect(action.identifier == "GO")
        #expect(action.title == "Go")
        #expect(action.options == .foreground)
    }
}
