import Testing
import UserNotifications

/// What Apple code reads from the framework's values, without a daemon: the constants it
/// compares, the raw values it stores, and the class shapes it relies on.
struct ConformanceTests {
    @Test func theActionIdentifiersAreApplesStrings() {
        #expect(UNNotificationDefaultActionIdentifier == "com.apple.UNNotificationDefaultActionIdentifier")
        #expect(UNNotificationDismissActionIdentifier == "com.apple.UNNotificationDismissActionIdentifier")
    }

    @Test func enumerationsHaveApplesRawValues() {
        let statuses: [UNAuthorizationStatus] = [.notDetermined, .denied, .authorized, .provisional, .ephemeral]
        #expect(statuses.map(\.rawValue) == [0, 1, 2, 3, 4])
        #expect([UNNotificationSetting.notSupported, .disabled, .enabled].map(\.rawValue) == [0, 1, 2])
        #expect([UNAlertStyle.none, .banner, .alert].map(\.rawValue) == [0, 1, 2])
        #expect([UNShowPreviewsSetting.always, .whenAuthenticated, .never].map(\.rawValue) == [0, 1, 2])
        #expect([UNError.notificationsNotAllowed, .attachmentInvalidURL, .notificationInvalidNoDate,
                 .contentProvidingObjectNotAllowed, .badgeInputInvalid].map(\.rawValue) == [1, 100, 1400, 1500, 1600])
        #expect(UNError.errorDomain == UNErrorDomain)
    }

    @Test func mutableContentIsContentAndRequestsKeepACopy() throws {
        func make() -> UNNotificationContent {
            let content = UNMutableNotificationContent()
            content.title = "Standup"
            content.userInfo = ["meeting": 42]
            return content
        }
        let content = try #require(make() as? UNMutableNotificationContent)
        let request = UNNotificationRequest(identifier: "r", content: content, trigger: nil)
        content.title = "Changed after"
        #expect(request.content.title == "Standup", "the request took a copy")
        #expect(!(request.content is UNMutableNotificationContent))
        let copy = try #require(request.content.mutableCopy() as? UNMutableNotificationContent)
        #expect(copy == request.content, "equal fields are isEqual")
        copy.body = "Room 4"
        #expect(copy != request.content)
        #expect(!(content.copy() is UNMutableNotificationContent), "copy() is immutable, as Apple's")
        #expect(copy.userInfo["meeting"] as? Int == 42)
    }

    @Test func aContentProviderIsRefusedByName() {
        #expect { _ = try UNNotificationContent().updating(from: NoProvider()) } throws: { error in
            if case UNError.contentProvidingObjectNotAllowed = error { return true }
            return false
        }
    }
}
