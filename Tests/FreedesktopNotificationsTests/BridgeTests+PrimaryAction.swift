import DBus
import Testing
import TestSupport
import UserNotificationsCore
@testable import FreedesktopNotifications

/// The primary action: what a watch's Double Tap answers.
extension BridgeTests {
    @Test func thePrimaryActionAnswersTheNewestNotification() async throws {
        let h = try await BridgeHarness()
        let older = Self.request("older")
        _ = try await h.show(older, Self.invite)
        let newest = NotificationRequest(identifier: "newest", content: NotificationContent(title: "Reply?", categoryIdentifier: "MESSAGE"))
        _ = try await h.show(newest, NotificationCategory(identifier: "MESSAGE", actions: [Self.reply, Self.decline, Self.accept]))
        // REPLY needs text and DECLINE is destructive: ACCEPT is the one tap.
        let answered = await h.bridge.answerNewestWithPrimaryAction(appID: nil)
        #expect(answered?.request.identifier == "newest")
        #expect(answered?.actionIdentifier == "ACCEPT")
        #expect(try await h.nextInteraction() == answered)
        // Showing the older one again makes it the newest.
        _ = try await h.show(older, Self.invite)
        #expect(await h.bridge.answerNewestWithPrimaryAction(appID: Self.app)?.request.identifier == "older")
        #expect(try await h.nextInteraction().actionIdentifier == "ACCEPT")
    }

    @Test func withoutAPrimaryActionTheNewestIsAnsweredAsABodyClick() async throws {
        let h = try await BridgeHarness()
        _ = try await h.show(Self.request("plain"))
        _ = try await h.show(Self.request("only-destructive"), NotificationCategory(identifier: "INVITE", actions: [Self.decline]))
        #expect(await h.bridge.answerNewestWithPrimaryAction(appID: Self.app)?.actionIdentifier == "default")
        #expect(try await h.nextInteraction().request.identifier == "only-destructive")
    }

    @Test func thePrimaryActionNeedsANotificationOfThatApp() async throws {
        let h = try await BridgeHarness()
        #expect(await h.bridge.answerNewestWithPrimaryAction(appID: nil) == nil)
        _ = try await h.show(Self.request(), Self.invite)
        #expect(await h.bridge.answerNewestWithPrimaryAction(appID: try AppID(validating: "org.example.Other")) == nil)
        try await h.expectNoInteraction()
    }
}
