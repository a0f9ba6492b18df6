import Testing
import UserNotifications

struct NSStringUserNotificationsTests {
    @Test func withoutATranslationTheKeyIsFormattedWithTheArguments() {
        #expect(NSString.localizedUserNotificationString(forKey: "%@ invited you to %@", arguments: ["Anna", "Standup"])
                == "Anna invited you to Standup")
        #expect(NSString.localizedUserNotificationString(forKey: "Due in %d minutes", arguments: [5]) == "Due in 5 minutes")
        #expect(NSString.localizedUserNotificationString(forKey: "%.1f km", arguments: [NSNumber(value: 2.5)]) == "2.5 km")
        #expect(NSString.localizedUserNotificationString(forKey: "Plain", arguments: nil) == "Plain")
    }
}
