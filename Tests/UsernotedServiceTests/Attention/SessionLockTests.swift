import DBus
import Foundation
import Logging
import Testing
import TestSupport
import UserNotificationsCore
@testable import UsernotedService

/// The screen locked and unlocked through a fake logind: previews hidden, then restored;
/// responses to `authenticationRequired` actions held until unlock.
@Suite struct SessionLockTests {
    static let categories = """
        [{"identifier": "PAYMENT", "hiddenPreviewsBodyPlaceholder": "Payment request",
          "actions": [{"identifier": "PAY", "title": "Pay", "options": ["authenticationRequired"]},
                      {"identifier": "LATER", "title": "Later"}]}]
        """

    @Test func theLockStateIsReadAndFollowed() async throws {
        let logind = try await FakeLogind(locked: true)
        var states = await SessionLock.states(address: logind.bus.address, logger: Logger(label: "test")).makeAsyncIterator()
        #expect(await states.next() == true)
        try logind.setLocked(false)
        #expect(await states.next() == false)
    }

    @Test func withoutLogindTheSessionCountsAsUnlocked() async throws {
        let bus = try PrivateBus()  // a "system bus" with no logind on it
        var states = await SessionLock.states(address: bus.address, logger: Logger(label: "test")).makeAsyncIterator()
        #expect(await states.next() == nil)
    }

    @Test func whileLockedPreviewsAreHiddenAndPaymentsWaitForUnlock() async throws {
        let logind = try await FakeLogind()
        let scene = try await RouterScene(logind: logind)
        let handler = try await scene.handler()
        try await scene.scene.call("SetCategories", .string(RouterScene.app), .string(Self.categories))
        try await scene.scene.call("Post", .string(RouterScene.app), .string("PAYMENT"), .string("Pay Anna"), .string("42 EUR for lunch"))
        let shown = try await scene.server.notifyCalls.next()
        #expect(shown.summary == "Pay Anna" && shown.body == "42 EUR for lunch")

        try logind.setLocked(true)
        let hidden = try await scene.server.notifyCalls.next(within: .seconds(10), "the re-Notify with the preview hidden")
        #expect(hidden.replacesID == shown.id)
        #expect(hidden.summary == "" && hidden.body == "Payment request")

        try await scene.server.emitActionInvoked(id: shown.id, key: "PAY")
        try await scene.expectWaiting(1)  // held: the session is locked
        #expect(handler.calls.pending.isEmpty)

        try logind.setLocked(false)
        let restored = try await scene.server.notifyCalls.next(within: .seconds(10), "the re-Notify with the preview back")
        #expect(restored.summary == "Pay Anna" && restored.body == "42 EUR for lunch")
        let response = try await handler.responses.next()
        #expect(response.actionIdentifier == "PAY")
        #expect(response.notification.content.body == "42 EUR for lunch")  // the app gets the full request
    }

    @Test func actionsWithoutAuthenticationAreNotHeld() async throws {
        let logind = try await FakeLogind(locked: true)
        let scene = try await RouterScene(logind: logind)
        let handler = try await scene.handler()
        try await scene.scene.call("SetCategories", .string(RouterScene.app), .string(Self.categories))
        try await scene.scene.call("Post", .string(RouterScene.app), .string("PAYMENT"), .string("Pay Anna"), .string("42 EUR"))
        let shown = try await scene.server.notifyCalls.next()
        try await scene.server.emitActionInvoked(id: shown.id, key: "LATER")
        #expect(try await handler.responses.next().actionIdentifier == "LATER")
    }

    // MARK: The app's showPreviews

    @Test func anAppThatNeverShowsPreviewsIsHiddenEvenUnlocked() async throws {
        let scene = try await RouterScene(logind: try await FakeLogind())
        try await scene.scene.call("SetCategories", .string(RouterScene.app), .string(Self.categories))
        try await scene.scene.call("SetSettings", .string(RouterScene.app), .string(#"{"showPreviews":"never"}"#))
        try await scene.scene.call("Post", .string(RouterScene.app), .string("PAYMENT"), .string("Pay Anna"), .string("42 EUR"))
        let shown = try await scene.server.notifyCalls.next()
        #expect(shown.summary == "" && shown.body == "Payment request")
    }

    @Test func anAppThatAlwaysShowsPreviewsKeepsThemWhileLocked() async throws {
        let logind = try await FakeLogind()
        let scene = try await RouterScene(logind: logind)
        let other = "org.example.Bank"
        try await scene.scene.call("SetSettings", .string(RouterScene.app), .string(#"{"showPreviews":"always"}"#))
        for app in [RouterScene.app, other] {
            try await scene.scene.call("SetCategories", .string(app), .string(Self.categories))
            try await scene.scene.call("Post", .string(app), .string("PAYMENT"), .string("Pay Anna"), .string("42 EUR"))
        }
        let first = [try await scene.server.notifyCalls.next(), try await scene.server.notifyCalls.next()]
        let appOf = Dictionary(uniqueKeysWithValues: first.map { ($0.id, $0.hints["desktop-entry"]) })

        try logind.setLocked(true)
        let relocked = [
            try await scene.server.notifyCalls.next(within: .seconds(10), "a re-Notify at lock"),
            try await scene.server.notifyCalls.next(within: .seconds(10), "the other re-Notify at lock"),
        ]
        let always = try #require(relocked.first { appOf[$0.replacesID] == .string(RouterScene.app) })
        let usual = try #require(relocked.first { appOf[$0.replacesID] == .string(other) })
        #expect(always.summary == "Pay Anna" && always.body == "42 EUR", "its setting wins over the lock")
        #expect(usual.summary == "" && usual.body == "Payment request", "the other app's preview hides as the policy says")
    }

    @Test func aRestartedDaemonKeepsHidingThePreviewsOfAnAppThatNeverShowsThem() async throws {
        let bus = try PrivateBus()
        let server = try await FakeNotificationServer(bus: bus, capabilities: ["actions", "body"])
        let first = try await ServiceScene(bus: bus)
        try await first.call("SetCategories", .string(RouterScene.app), .string(Self.categories))
        try await first.call("SetSettings", .string(RouterScene.app), .string(#"{"showPreviews":"never"}"#))
        try await first.call("Post", .string(RouterScene.app), .string("PAYMENT"), .string("Pay Anna"), .string("42 EUR"))
        let shown = try await server.notifyCalls.next()
        // The bus goes away under the daemon only once it has recorded the server's id (its
        // reply may still be on its way when the server has seen the Notify): what it never
        // heard, the next run cannot take over in place.
        _ = try await withDeadline(.seconds(10), "the server's id recorded") {
            while try await first.daemon.store.allDelivered().first?.serverID != shown.id { try await Task.sleep(for: .milliseconds(20)) }
            return true
        }
        first.daemon.connection.close()
        _ = try? await first.running.value

        _ = try await ServiceScene(bus: bus)
        let again = try await server.notifyCalls.next(within: .seconds(10), "the notification taken over in place")
        #expect(again.replacesID == shown.id)
        #expect(again.summary == "" && again.body == "Payment request")
    }
}
