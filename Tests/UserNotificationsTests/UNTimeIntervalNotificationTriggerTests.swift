import Testing
@testable import UserNotifications

struct UNTimeIntervalNotificationTriggerTests {
    @Test func nextTriggerDateIsTheIntervalFromNow() throws {
        let before = Date()
        let date = try #require(UNTimeIntervalNotificationTrigger(timeInterval: 120, repeats: true).nextTriggerDate())
        #expect(date.timeIntervalSince(before) >= 120)
        #expect(date.timeIntervalSince(before) < 130)
    }

    @Test func anIntervalTheDaemonRefusesHasNoDate() {
        #expect(UNTimeIntervalNotificationTrigger(timeInterval: 10, repeats: true).nextTriggerDate() == nil)
    }
}
