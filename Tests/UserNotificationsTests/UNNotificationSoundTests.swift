import Testing
@testable import UserNotifications

struct UNNotificationSoundTests {
    @Test func soundsAreTheModelsNames() {
        #expect(UNNotificationSound.default.name == "default")
        #expect(UNNotificationSound(named: UNNotificationSoundName("bell")).name == "bell")
        #expect(UNNotificationSound.criticalSoundNamed("alarm", withAudioVolume: 0.5).name == "alarm")
        #expect(UNNotificationSound.defaultCriticalSound(withAudioVolume: 1) == .default)
    }
}
