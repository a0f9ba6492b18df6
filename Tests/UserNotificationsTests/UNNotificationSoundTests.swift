import Testing
@testable import UserNotifications

struct UNNotificationSoundTests {
    @Test func soundsAreTheModelsNames() {
        #expect(UNNotificationSound.default.name == "default")
        #expect(UNNotificationSound(named: UNNotificationSoundName("bell")).name == "bell")
        #expect(UNNotificationSound.criticalSoundNamed("alarm", withAudioVolume: 0.5).name == "alarm")
        #expect(UNNotificationSound.defaultCriticalSound(withAudioVolume: 1) == .default)
        #expect(UNNotificationSound.ringtoneSoundNamed("phone-incoming-call") == UNNotificationSound(named: "phone-incoming-call"))
        #expect(UNNotificationSound(named: "bell") != .default)
    }
}
