import DBus
import Testing
import TestSupport
import UserNotificationsCore
@testable import FreedesktopNotifications

@Suite struct NotifyRetryTests {
    /// GNOME Shell's notifications helper owns the name a moment before the shell it forwards
    /// to serves: the `Notify` it refuses meanwhile is sent again until one is shown, and the
    /// notification's buttons answer.
    @Test func aNotifyRefusedWhileTheServerStartsIsSentAgainUntilItIsShown() async throws {
        let h = try await BridgeHarness()
        let starting = DBusError(.unknownMethod, "Object does not exist at path “/org/freedesktop/Notifications”")
        await h.server.refuseNextNotify(with: starting, times: 3)
        let request = BridgeTests.request()
        _ = await h.bridge.post(appID: BridgeHarness.app, request: request, category: BridgeTests.invite)
        for _ in 1...3 { _ = try await h.server.refusedNotifyCalls.next(within: .seconds(10), "a refused Notify") }
        let shown = try await h.server.notifyCalls.next(within: .seconds(10), "the Notify sent again")
        #expect(shown.summary == request.content.title)
        // The click on it may come before the bridge has read the reply: it waits for it.
        try await h.server.emitActionInvoked(id: shown.id, key: "DECLINE")
        #expect(try await h.nextInteraction() == BridgeTests.interaction(request, "DECLINE"))
    }

    @Test func eachWaitDoublesAndTheLastTryIsTheNinth() {
        let error = DBusError(.unknownMethod, "not yet")
        #expect(NotifyRetry.delay(afterFailure: 1, error) == .milliseconds(100))
        #expect(NotifyRetry.delay(afterFailure: 2, error) == .milliseconds(200))
        #expect(NotifyRetry.delay(afterFailure: 8, error) == .milliseconds(12_800))
        #expect(NotifyRetry.delay(afterFailure: 9, error) == nil)
    }

    /// Plasma shows a repeat only once a second has passed since the one it repeats.
    @Test func aRepeatRefusedByPlasmaWaitsAtLeastASecond() {
        let repeated = DBusError(NotificationsServer.excessNotificationGeneration, "Created too many similar notifications")
        #expect(NotifyRetry.delay(afterFailure: 1, repeated) == NotificationsServer.excessNotificationDelay)
        #expect(NotifyRetry.delay(afterFailure: 6, repeated) == .milliseconds(3_200))
    }
}
