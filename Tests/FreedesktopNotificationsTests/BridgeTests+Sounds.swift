import DBus
import Testing
import TestSupport
import UserNotificationsCore
@testable import FreedesktopNotifications

/// A notification's sound plays when it is first shown, not each time usernoted shows it
/// again: at the lock and unlock, after a restart of the daemon or of the server. Where the
/// server has no `sound` capability, the bridge's player plays it instead, as often.
extension BridgeTests {
    /// Keeps what the bridge asked it to play.
    final class RecordingSounds: EventSoundPlayer {
        let played = Inbox<EventSound>()
        func play(_ sound: EventSound) { played.put(sound) }
    }

    static func sounding(_ id: String = "meeting-1", title: String = "Standup in 5 minutes") -> NotificationRequest {
        var request = request(id, title: title)
        request.content.sound = "default"
        return request
    }

    static func sounds(_ shown: ReceivedNotification) -> Bool {
        shown.hint("sound-name", as: String.self) != nil && shown.hint("suppress-sound", as: Bool.self) == nil
    }

    @Test func aSoundPlaysOnceAndNotWhenThePreviewHidesOrComesBackButAgainForAReplacement() async throws {
        let h = try await BridgeHarness()
        let first = try await h.show(Self.sounding(), Self.invite)
        #expect(Self.sounds(first))
        await h.bridge.setPreviewsHidden(true)
        let hidden = try await h.server.notifyCalls.next(within: .seconds(10), "the re-Notify at the lock")
        #expect(hidden.replacesID == first.id && hidden.hint("suppress-sound", as: Bool.self) == true)
        await h.bridge.setPreviewsHidden(false)
        let back = try await h.server.notifyCalls.next(within: .seconds(10), "the re-Notify at the unlock")
        #expect(!Self.sounds(back))
        let replacement = try await h.show(Self.sounding(title: "Standup moved"), Self.invite)
        #expect(replacement.replacesID == first.id && Self.sounds(replacement), "the app's new content is news")
    }

    @Test func aRestoredNotificationIsShownAgainQuietly() async throws {
        let h = try await BridgeHarness()
        let request = Self.sounding()
        let before = try await h.show(request, Self.invite)
        let successor = NotificationBridge(connection: try await h.bus.connect())
        try await successor.start()
        _ = await successor.restore(appID: Self.app, request: request, category: Self.invite, serverID: before.id)
        let again = try await h.server.notifyCalls.next(within: .seconds(10), "the re-Notify")
        #expect(again.replacesID == before.id && again.hint("suppress-sound", as: Bool.self) == true)
    }

    @Test func aNewServerShowsItAgainQuietly() async throws {
        let h = try await BridgeHarness()
        _ = try await h.show(Self.sounding(), Self.invite)
        await h.server.stop()
        try await h.server.start()
        let again = try await h.server.notifyCalls.next(within: .seconds(10), "shown again on the new server")
        #expect(again.hint("suppress-sound", as: Bool.self) == true)
    }

    @Test func whereTheServerHasNoSoundTheBridgePlaysItOnceAndAgainForAReplacement() async throws {
        let sounds = RecordingSounds()
        let h = try await BridgeHarness(sounds: sounds)
        let first = try await h.show(Self.sounding(), Self.invite)
        #expect(try await sounds.played.next(within: .seconds(10), "the sound") == EventSound(id: "message-new-instant", appID: Self.app))
        for hidden in [true, false] {
            await h.bridge.setPreviewsHidden(hidden)
            _ = try await h.server.notifyCalls.next(within: .seconds(10), "the re-Notify at the lock or unlock")
        }
        await h.server.stop()
        try await h.server.start()
        _ = try await h.server.notifyCalls.next(within: .seconds(10), "shown again on the new server")
        let successor = NotificationBridge(connection: try await h.bus.connect(), sounds: sounds)
        try await successor.start()
        _ = await successor.restore(appID: Self.app, request: Self.sounding(), category: Self.invite, serverID: first.id)
        _ = try await h.server.notifyCalls.next(within: .seconds(10), "shown again after the restart")
        var quiet = Self.sounding("meeting-2")
        quiet.content.sound = nil
        _ = try await h.show(quiet, Self.invite)
        _ = try await h.show(Self.sounding(title: "Standup moved"), Self.invite)
        #expect(try await sounds.played.next(within: .seconds(10), "the replacement's sound").id == "message-new-instant")
        #expect(sounds.played.pending.isEmpty, "nothing played at the lock, the unlock, on the new server, after the restart, or for the quiet one")
    }

    @Test func whereTheServerHasSoundTheBridgePlaysNothing() async throws {
        let sounds = RecordingSounds()
        let h = try await BridgeHarness(capabilities: ["actions", "body", "sound"], sounds: sounds)
        let shown = try await h.show(Self.sounding(), Self.invite)
        #expect(Self.sounds(shown), "the server plays it")
        #expect(sounds.played.pending.isEmpty)
    }
}
