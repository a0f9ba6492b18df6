import DBus
import Testing
import TestSupport
import UserNotificationsCore
@testable import FreedesktopNotifications

/// A notification's sound plays when it is first shown, not each time usernoted shows it
/// again: at the lock and unlock, after a restart of the daemon or of the server.
extension BridgeTests {
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
}
