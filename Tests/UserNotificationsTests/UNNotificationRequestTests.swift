import Testing
@testable import UserNotifications
import UserNotificationsCore

struct UNNotificationRequestTests {
    @Test func aRequestWithATimeIntervalTriggerIsTheModelRequest() throws {
        let content = UNMutableNotificationContent()
        content.title = "Standup"
        let request = UNNotificationRequest(
            identifier: "standup", content: content, trigger: UNTimeIntervalNotificationTrigger(timeInterval: 90, repeats: false))
        #expect(try request.model() == NotificationRequest(
            identifier: "standup", content: NotificationContent(title: "Standup"), trigger: .timeInterval(90, repeats: false)))
    }

    @Test func aCalendarTriggerRoundTrips() throws {
        let components = DateComponents(hour: 9, minute: 30, weekday: 2)
        let model = NotificationRequest(identifier: "r", content: NotificationContent(), trigger: .calendar(components, repeats: true))
        let request = UNNotificationRequest(model)
        let trigger = try #require(request.trigger as? UNCalendarNotificationTrigger)
        #expect(trigger.dateComponents == components)
        #expect(trigger.repeats)
        #expect(try request.model() == model)
    }

    @Test func noTriggerMeansNow() throws {
        let request = UNNotificationRequest(identifier: "now", content: UNNotificationContent(), trigger: nil)
        #expect(try request.model().trigger == nil)
        #expect(UNNotificationRequest(try request.model()).trigger == nil)
    }

    @Test func userInfoThatIsNotJSONIsRefusedNamingTheKeys() {
        let content = UNMutableNotificationContent()
        content.userInfo = ["when": Date(), "ok": 1]
        let request = UNNotificationRequest(identifier: "x", content: content, trigger: nil)
        #expect(throws: UNError.self) { try request.model() }
        do {
            _ = try request.model()
        } catch {
            #expect(error.code == .requestRejected)
            #expect(error.message.contains("'when'"))
            #expect(!error.message.contains("'ok'"))
        }
    }

    @Test func anUnknownTriggerTypeIsRefused() {
        final class Geofence: UNNotificationTrigger, @unchecked Sendable { init() { super.init(repeats: false) } }
        let request = UNNotificationRequest(identifier: "x", content: UNNotificationContent(), trigger: Geofence())
        #expect(throws: UNError.self) { try request.model() }
    }
}
