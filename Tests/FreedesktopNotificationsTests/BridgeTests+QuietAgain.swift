import DBus
import Testing
import TestSupport
import UserNotificationsCore
@testable import FreedesktopNotifications

/// A notification shown again comes back without a banner where the server's profile allows:
/// on GNOME Shell, at low urgency (its `urgency` hint 0), unless it is critical. Elsewhere it keeps
/// its urgency (dunst and mako colour and time a notification by it).
extension BridgeTests {
    static func urgency(_ shown: ReceivedNotification) -> UInt8? { shown.hint("urgency", as: UInt8.self) }

    static func atLevel(_ level: InterruptionLevel, _ id: String = "meeting-1") -> NotificationRequest {
        var request = request(id)
        request.content.interruptionLevel = level
        return request
    }

    @Test func aRestoredNotificationComesBackAtLowUrgencyOnGnomeShellButACriticalOneStaysCritical() async throws {
        let h = try await BridgeHarness(information: Self.gnome)
        let active = try await h.show(Self.atLevel(.active, "active"), Self.invite)
        let critical = try await h.show(Self.atLevel(.critical, "critical"), Self.invite)
        #expect([Self.urgency(active), Self.urgency(critical)] == [1, 2], "the first show has the level's urgency")
        let successor = NotificationBridge(connection: try await h.bus.connect())
        try await successor.start()
        _ = await successor.restore([
            RestoredNotification(appID: Self.app, request: Self.atLevel(.active, "active"), category: Self.invite, serverID: active.id),
            RestoredNotification(appID: Self.app, request: Self.atLevel(.critical, "critical"), category: Self.invite, serverID: critical.id),
        ])
        let again = [
            try await h.server.notifyCalls.next(within: .seconds(10), "the active one again"),
            try await h.server.notifyCalls.next(within: .seconds(10), "the critical one again"),
        ]
        #expect(again.map(\.summary) == ["Standup in 5 minutes", "Standup in 5 minutes"])
        #expect(again.map(Self.urgency) == [0, 2])
    }

    @Test func aNewServerShowsItAgainAtLowUrgencyOnGnomeShellAndANewPostWithItsOwn() async throws {
        let h = try await BridgeHarness(information: Self.gnome)
        _ = try await h.show(Self.atLevel(.timeSensitive), Self.invite)
        await h.server.stop()
        try await h.server.start()
        let again = try await h.server.notifyCalls.next(within: .seconds(10), "shown again on the new server")
        #expect(Self.urgency(again) == 0)
        #expect(again.hint("category", as: String.self) == "x-usernoted.timeSensitive", "still lets it through a pause")
        let replacement = try await h.show(Self.atLevel(.timeSensitive), Self.invite)
        #expect(Self.urgency(replacement) == 1, "the app's new content is news")
    }

    @Test func elsewhereARestoredNotificationKeepsItsUrgency() async throws {
        let h = try await BridgeHarness()  // a server no row matches, like dunst's row
        let before = try await h.show(Self.atLevel(.active), Self.invite)
        let successor = NotificationBridge(connection: try await h.bus.connect())
        try await successor.start()
        _ = await successor.restore(appID: Self.app, request: Self.atLevel(.active), category: Self.invite, serverID: before.id)
        let again = try await h.server.notifyCalls.next(within: .seconds(10), "the re-Notify")
        #expect(again.replacesID == before.id && Self.urgency(again) == 1)
    }
}
