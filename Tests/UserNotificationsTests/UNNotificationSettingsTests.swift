import Testing
@testable import UserNotifications
import UserNotificationsCore

struct UNNotificationSettingsTests {
    @Test func anUntouchedAppHasEverythingOnAndNoneOfWhatTheDesktopLacks() {
        let settings = UNNotificationSettings(AppSettings())
        #expect(settings.authorizationStatus == .authorized)
        #expect([settings.soundSetting, settings.badgeSetting, settings.alertSetting, settings.notificationCenterSetting,
                 settings.lockScreenSetting, settings.criticalAlertSetting, settings.timeSensitiveSetting] == Array(repeating: .enabled, count: 7))
        #expect([settings.carPlaySetting, settings.announcementSetting, settings.directMessagesSetting] == [.notSupported, .notSupported, .notSupported])
        #expect(settings.scheduledDeliverySetting == .disabled)
        #expect(settings.alertStyle == .banner)
        #expect(settings.showPreviewsSetting == .whenAuthenticated)
        #expect(!settings.providesAppNotificationSettings)
    }

    @Test func eachStoredSettingIsItsAppleSetting() {
        var stored = AppSettings()
        stored.alert = false
        stored.lockScreen = false
        stored.criticalAlert = false
        stored.timeSensitive = false
        stored.showPreviews = .always
        let settings = UNNotificationSettings(stored)
        #expect(settings.alertSetting == .disabled)
        #expect(settings.alertStyle == UNAlertStyle.none)
        #expect(settings.lockScreenSetting == .disabled)
        #expect(settings.criticalAlertSetting == .disabled)
        #expect(settings.timeSensitiveSetting == .disabled)
        #expect(settings.notificationCenterSetting == .enabled, "an app without banners is still listed")
        #expect(settings.showPreviewsSetting == .always)
    }

    @Test func aDeniedAppHasEverySettingDisabled() {
        var stored = AppSettings()
        stored.authorizationStatus = .denied
        let settings = UNNotificationSettings(stored)
        #expect(settings.authorizationStatus == .denied)
        #expect([settings.soundSetting, settings.badgeSetting, settings.alertSetting, settings.notificationCenterSetting] == Array(repeating: .disabled, count: 4))
        #expect(settings.alertStyle == UNAlertStyle.none)
    }
}
