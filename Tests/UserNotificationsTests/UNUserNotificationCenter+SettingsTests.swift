import Testing
import TestSupport
@testable import UserNotifications

struct UNUserNotificationCenterSettingsTests {
    @Test func theSettingsAreTheStoredOnes() async throws {
        let fake = try await FakeCenter()
        fake.replies.set("GetSettings", #"{"authorizationStatus":"provisional","sound":false,"showPreviews":"never","summary":true}"#)
        let settings = await (try await fake.center()).notificationSettings()
        #expect(settings.authorizationStatus == .provisional)
        #expect(settings.soundSetting == .disabled)
        #expect(settings.badgeSetting == .enabled)
        #expect(settings.showPreviewsSetting == .never)
        #expect(settings.scheduledDeliverySetting == .enabled)
    }

    @Test func theCompletionFormGetsThemToo() async throws {
        let fake = try await FakeCenter()
        fake.replies.set("GetSettings", #"{"authorizationStatus":"denied"}"#)
        let status = Inbox<UNAuthorizationStatus>()
        try await fake.center().getNotificationSettings { status.put($0.authorizationStatus) }
        #expect(try await status.next() == .denied)
    }

    @Test func withoutUsernotedTheyAreNotDetermined() async throws {
        let bus = try PrivateBus()
        let center = UNUserNotificationCenter(appID: "org.example.Calendar", connection: try await bus.connect())
        let settings = await center.notificationSettings()
        #expect(settings.authorizationStatus == .notDetermined)
        #expect(settings.alertSetting == .notSupported)
    }
}
