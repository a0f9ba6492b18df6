import Testing
@testable import UserNotifications
import UserNotificationsCore

struct UNNotificationInterruptionLevelTests {
    @Test func everyLevelMapsBothWaysByName() {
        for level in UNNotificationInterruptionLevel.allCases {
            #expect(UNNotificationInterruptionLevel(level.model) == level)
            #expect("\(level)" == level.model.rawValue)
        }
    }
}
