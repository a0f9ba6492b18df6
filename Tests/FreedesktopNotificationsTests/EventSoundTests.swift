import Testing
import UserNotificationsCore
@testable import FreedesktopNotifications

/// Which sound a notification makes, and who plays it: the server, where it has the `sound`
/// capability; usernoted, where it has not; nobody, when the notification is silent.
struct EventSoundTests {
    static let app = try! AppID(validating: "org.example.Calendar")
    static let dunst = ServerCapabilities(["actions", "body"])
    static let plasma = ServerCapabilities(["actions", "body", "sound"])

    static func request(sound: String?, level: InterruptionLevel = .active) -> NotificationRequest {
        NotificationRequest(identifier: "r", content: NotificationContent(title: "T", sound: sound, interruptionLevel: level))
    }

    @Test(arguments: [
        ("default", "message-new-instant"), ("alarm-clock-elapsed", "alarm-clock-elapsed"), ("bell", "bell"),
    ])
    func theDefaultIsTheThemesMessageSoundAndANameIsItself(_ sound: String, _ id: String) {
        #expect(EventSound.themeID(of: Self.request(sound: sound).content) == id)
        #expect(EventSound.toPlay(for: Self.request(sound: sound), of: Self.app, on: Self.dunst) == EventSound(id: id, appID: Self.app))
    }

    @Test(arguments: [InterruptionLevel.active, .timeSensitive, .critical])
    func everyLevelButPassiveSounds(_ level: InterruptionLevel) {
        #expect(EventSound.toPlay(for: Self.request(sound: "default", level: level), of: Self.app, on: Self.dunst)?.id == "message-new-instant")
    }

    @Test func noSoundAndAPassiveNotificationAreSilent() {
        #expect(EventSound.themeID(of: Self.request(sound: nil).content) == nil)
        #expect(EventSound.toPlay(for: Self.request(sound: nil), of: Self.app, on: Self.dunst) == nil)
        #expect(EventSound.toPlay(for: Self.request(sound: "default", level: .passive), of: Self.app, on: Self.dunst) == nil)
    }

    @Test func aServerWithTheSoundCapabilityPlaysItItself() {
        #expect(EventSound.toPlay(for: Self.request(sound: "default"), of: Self.app, on: Self.plasma) == nil)
        #expect(EventSound.themeID(of: Self.request(sound: "default").content) == "message-new-instant", "it hears of it by hint")
    }

    @Test func aPassiveNotificationAsksTheServerForSilenceToo() {
        let call = NotifyMapping.call(
            appID: Self.app, request: Self.request(sound: "default", level: .passive), category: nil, capabilities: Self.plasma)
        #expect(call.hints["suppress-sound"] == .boolean(true) && call.hints["sound-name"] == nil)
    }
}
