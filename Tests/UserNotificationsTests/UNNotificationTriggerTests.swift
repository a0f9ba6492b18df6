import Testing
@testable import UserNotifications

struct UNNotificationTriggerTests {
    @Test func triggersAreEqualWhenTheyFireAlike() {
        #expect(UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: true) == UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: true))
        #expect(UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: true) != UNTimeIntervalNotificationTrigger(timeInterval: 90, repeats: true))
        let calendar = UNCalendarNotificationTrigger(dateMatching: DateComponents(hour: 8), repeats: true)
        #expect(calendar == UNCalendarNotificationTrigger(dateMatching: DateComponents(hour: 8), repeats: true))
        #expect(calendar != UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: true))
        #expect(calendar.copy() as? UNCalendarNotificationTrigger === calendar)
    }

    @Test func aRequestsTriggerCastsBackToItsKind() {
        let request = UNNotificationRequest(identifier: "r", content: UNNotificationContent(),
                                            trigger: UNCalendarNotificationTrigger(dateMatching: DateComponents(hour: 8), repeats: false))
        #expect((request.trigger as? UNCalendarNotificationTrigger)?.dateComponents.hour == 8)
        #expect(!(request.trigger is UNTimeIntervalNotificationTrigger))
        #expect(request == UNNotificationRequest(identifier: "r", content: UNNotificationContent(),
                                                 trigger: UNCalendarNotificationTrigger(dateMatching: DateComponents(hour: 8), repeats: false)))
    }
}
