import Testing
@testable import UserNotifications

struct UNCalendarNotificationTriggerTests {
    @Test func nextTriggerDateMatchesTheComponents() throws {
        let date = try #require(UNCalendarNotificationTrigger(dateMatching: DateComponents(minute: 30), repeats: true).nextTriggerDate())
        #expect(date > Date())
        #expect(Calendar.current.component(.minute, from: date) == 30)
    }

    @Test func aPastDateHasNone() {
        #expect(UNCalendarNotificationTrigger(dateMatching: DateComponents(year: 2020, month: 1, day: 1), repeats: false).nextTriggerDate() == nil)
    }
}
