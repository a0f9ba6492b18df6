import Testing
@testable import UserNotifications

struct UNNotificationPresentationOptionsTests {
    @Test func optionsAreNamedAsWillPresentAnswers() {
        #expect(UNNotificationPresentationOptions([.banner, .sound, .badge, .list]).names == ["banner", "sound", "badge", "list"])
        #expect(UNNotificationPresentationOptions.sound.names == ["sound"])
        #expect(UNNotificationPresentationOptions.alert.names == ["banner", "list"])
        #expect(UNNotificationPresentationOptions(rawValue: 0).names == [])
    }
}
