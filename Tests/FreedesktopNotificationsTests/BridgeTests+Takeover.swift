import DBus
import Testing
import TestSupport
import UserNotificationsCore
@testable import FreedesktopNotifications

/// A restarted daemon takes over what the previous run showed: in place with `replaces_id`, or
/// left as it is where the same server run keeps it for every listener.
extension BridgeTests {
    @Test func aRestoredNotificationIsShownInPlaceAndItsSignalsAreHeard() async throws {
        let h = try await BridgeHarness()
        let request = Self.request()
        let before = try await h.show(request, Self.invite)
        // A second bridge, as a restarted daemon, takes over what the first one showed.
        let successor = NotificationBridge(connection: try await h.bus.connect())
        try await successor.start()
        let (tookOver, id) = await successor.restore(appID: Self.app, request: request, category: Self.invite, serverID: before.id)
        let again = try await h.server.notifyCalls.next(within: .seconds(10), "the re-Notify")
        #expect(tookOver && again.replacesID == before.id && id == before.id)
        #expect(await h.server.displayed.count == 1)
        var interactions = successor.interactions.makeAsyncIterator()
        try await h.server.emitActionInvoked(id: before.id, key: "ACCEPT")
        #expect(await interactions.next() == Self.interaction(request, "ACCEPT"))
    }

    /// A server that keeps a gone sender's notifications and signals everyone (mako's row): the
    /// run of it that showed them is left as it is by a restarted daemon, which still hears
    /// their signals; another run (the server restarted meanwhile, its ids dead) shows them again.
    @Test func aServerThatKeepsThemForEveryoneIsLeftAsItIsByTheRunThatShowedThemOnly() async throws {
        let mako = ServerInformation(name: "mako", vendor: "emersion", version: "1.7.1", specVersion: "1.2")
        let h = try await BridgeHarness(delivery: .broadcast, information: mako)
        let request = Self.request()
        let before = try await h.show(request, Self.invite)
        let run = try #require(await h.bridge.serverRun)
        let restored = [RestoredNotification(appID: Self.app, request: request, category: Self.invite, serverID: before.id)]
        let successor = NotificationBridge(connection: try await h.bus.connect())
        try await successor.start()
        #expect(await successor.serverRun == run, "the same run, seen from another connection")
        let taken = await successor.restore(restored, shownBy: run)
        #expect(taken.map(\.tookOver) == [true] && taken.map(\.serverID) == [before.id])
        var interactions = successor.interactions.makeAsyncIterator()
        try await h.server.emitActionInvoked(id: before.id, key: "ACCEPT")
        #expect(await interactions.next() == Self.interaction(request, "ACCEPT"))
        #expect(h.server.notifyCalls.pending.isEmpty, "left as it is: no Notify")

        let third = NotificationBridge(connection: try await h.bus.connect())
        try await third.start()
        _ = await third.restore(restored, shownBy: "another-bus :1.4")
        let again = try await h.server.notifyCalls.next(within: .seconds(10), "the re-Notify")
        #expect(again.replacesID == before.id, "shown again, in place")
    }

    /// The state may only take a server run as holding our notifications once that run shows
    /// every one of them: reported after the ids a new server gave them, never while one waits
    /// for another try (a daemon stopped then would keep ids the new server never gave).
    @Test func aServerRunIsReportedAsHoldingThemOnlyOnceItShowsEveryOne() async throws {
        let h = try await BridgeHarness()
        let changes = try await Self.restartRefusing(h)
        try await Task.sleep(for: .milliseconds(300))  // the refusal reaches the bridge
        #expect(!changes.pending.contains(where: Self.isHolding), "not while it is refused")

        await h.server.stop()
        await h.server.setServing(true)
        try await h.server.start()
        let seen = try await BridgeHarness.changes(in: changes, until: "the new run reported as holding them", Self.isHolding)
        let run = try #require(await h.bridge.serverRun)
        #expect(seen.last == .holds(serverRun: run))
        #expect(seen.contains { if case .shown = $0 { true } else { false } }, "after the id the new run gave: \(seen)")
    }

    /// A new server run that refuses the first `Notify` (GNOME Shell's helper before the shell
    /// serves) and takes a later try is reported as holding them once that try shows them.
    @Test func aServerRunThatShowsThemOnALaterTryIsReportedAsHoldingThem() async throws {
        let h = try await BridgeHarness()
        let changes = try await Self.restartRefusing(h)
        await h.server.setServing(true)
        _ = try await h.server.notifyCalls.next(within: .seconds(10), "the re-Notify, tried again")
        let run = try #require(await h.bridge.serverRun)
        let seen = try await BridgeHarness.changes(in: changes, until: "the new run reported as holding them", Self.isHolding)
        #expect(seen.last == .holds(serverRun: run))
    }

    /// Shows a notification, then restarts the server not serving yet, until it has refused the
    /// notification's re-`Notify`; returns the bridge's changes since before the show.
    static func restartRefusing(_ h: BridgeHarness) async throws -> Inbox<LiveChange> {
        let changes = h.changes()
        _ = try await h.show(Self.request(), Self.invite)
        await h.server.stop()
        await h.server.setServing(false)
        try await h.server.start()
        _ = try await h.server.refusedNotifyCalls.next(within: .seconds(10), "the re-Notify refused")
        return changes
    }

    static func isHolding(_ change: LiveChange) -> Bool { if case .holds = change { true } else { false } }

    @Test func aRequestShownSinceTheRestartIsNotTakenBackToItsStoredSelf() async throws {
        let h = try await BridgeHarness()
        let stored = Self.request(title: "Standup in 5 minutes")
        let before = try await h.show(stored, Self.invite)
        // The restarted daemon shows a replacement before it gets to the one it stored.
        let successor = NotificationBridge(connection: try await h.bus.connect())
        try await successor.start()
        let newer = Self.request(title: "Standup moved to 11:00")
        let shownSince = await successor.show(appID: Self.app, request: newer, category: Self.invite)
        _ = try await h.server.notifyCalls.next(within: .seconds(10), "the replacement")
        let (tookOver, id) = await successor.restore(appID: Self.app, request: stored, category: Self.invite, serverID: before.id)
        #expect(!tookOver && id == shownSince)
        #expect(await successor.delivered(appID: Self.app).map(\.content.title) == ["Standup moved to 11:00"])
        #expect(h.server.notifyCalls.pending.isEmpty)
    }
}
