import DBus
import Foundation
import Testing
import TestSupport
import UserNotificationsCore
@testable import FreedesktopNotifications

/// The bridge asks who the server is and sends the buttons its row of the profile table allows;
/// a suggestion clicked comes back as its text-input action with the suggestion as the text.
extension BridgeTests {
    static let mail = NotificationCategory(identifier: "MAIL", actions: [
        NotificationAction(identifier: "ARCHIVE", title: "Archive"),
        NotificationAction(identifier: "FLAG", title: "Flag"),
        NotificationAction(identifier: "MOVE", title: "Move"),
        NotificationAction(identifier: "DELETE", title: "Delete", options: .destructive),
    ], minimalActions: ["ARCHIVE", "DELETE"])
    static let chat = NotificationCategory(identifier: "CHAT", actions: [
        .textInput(identifier: "REPLY", title: "Reply", textInputButtonTitle: "Send", textInputPlaceholder: "Message…",
                   suggestions: ["On my way", "Call me"]),
    ])
    static let gnome = ServerInformation(name: "gnome-shell", vendor: "GNOME", version: "43.9", specVersion: "1.2")
    static let xfce = ServerInformation(name: "Xfce Notify Daemon", vendor: "Xfce", version: "0.7.3", specVersion: "1.2")

    @Test func aServerWithThreeButtonsGetsTheMinimalActions() async throws {
        let h = try await BridgeHarness(information: Self.gnome)
        let shown = try await h.show(Self.request(), Self.mail)
        #expect(shown.actionKeys == ["default", "ARCHIVE", "DELETE"])
        try await h.server.emitActionInvoked(id: shown.id, key: "DELETE")
        #expect(try await h.nextInteraction() == Self.interaction(Self.request(), "DELETE", in: Self.mail))
    }

    @Test func aServerThatShowsEveryButtonGetsTheFullSet() async throws {
        let h = try await BridgeHarness(information: Self.xfce)
        let shown = try await h.show(Self.request(), Self.mail)
        #expect(shown.actionKeys == ["default", "ARCHIVE", "FLAG", "MOVE", "DELETE"])
    }

    @Test(arguments: [gnome, xfce])
    func aSuggestionClickedIsTheTextInputActionWithItsText(_ server: ServerInformation) async throws {
        let h = try await BridgeHarness(information: server)
        let request = Self.request()
        let shown = try await h.show(request, Self.chat)
        #expect(shown.actionKeys.contains("x-usernoted-suggestion-1"))
        try await h.server.emitActionInvoked(id: shown.id, key: "x-usernoted-suggestion-1")
        #expect(try await h.nextInteraction() == Self.interaction(request, "REPLY", text: "Call me", in: Self.chat))
        // The [text] button itself still comes without text, for the prompt to ask.
        try await h.server.emitActionInvoked(id: shown.id, key: "REPLY")
        #expect(try await h.nextInteraction() == Self.interaction(request, "REPLY", in: Self.chat))
    }

    @Test func aSuggestionKeyTheCategoryDoesNotHaveIsIgnored() async throws {
        let h = try await BridgeHarness(information: Self.xfce)
        let shown = try await h.show(Self.request(), Self.chat)
        try await h.server.emitActionInvoked(id: shown.id, key: "x-usernoted-suggestion-7")
        try await h.server.emitActionInvoked(id: shown.id, key: "x-usernoted-suggestion-")
        try await h.expectNoInteraction()
    }

    @Test func aSuggestionWithInlineReplyIsAnsweredLikeTheReply() async throws {
        let h = try await BridgeHarness(capabilities: ["actions", "body", "inline-reply"], information: Self.xfce)
        let request = Self.request()
        let shown = try await h.show(request, Self.chat)
        #expect(shown.actionKeys == ["default", "inline-reply", "x-usernoted-suggestion-0", "x-usernoted-suggestion-1"])
        try await h.server.emitActionInvoked(id: shown.id, key: "x-usernoted-suggestion-0")
        #expect(try await h.nextInteraction() == Self.interaction(request, "REPLY", text: "On my way", in: Self.chat))
    }

    /// GNOME Shell 43 updates a banner replaced in place without its buttons: there the
    /// replacement is a new notification, the old one closed before it is sent (GNOME shows a
    /// banner queued behind a closed one only at the user's next input), and its buttons answer.
    @Test func onAServerThatDropsButtonsOnReplaceTheReplacementIsShownAnew() async throws {
        let h = try await BridgeHarness(information: Self.gnome)
        let first = try await h.show(Self.request(), Self.mail)
        let replacement = Self.request(title: "Standup moved to 10:30")
        await h.server.holdNotifyReplies()
        let shown = Task { try await h.show(replacement, Self.mail) }
        _ = try await h.server.heldNotifyCalls.next(within: .seconds(10), "the replacement's Notify")
        #expect(h.server.closeCalls.pending == [first.id], "the old one is closed before the new one is sent")
        await h.server.answerHeldNotifyCalls()
        let second = try await shown.value
        #expect(second.replacesID == 0 && second.id != first.id)
        #expect(await h.server.displayed.map(\.id) == [second.id])
        try await h.server.emitActionInvoked(id: second.id, key: "ARCHIVE")
        #expect(try await h.nextInteraction() == Self.interaction(replacement, "ARCHIVE", in: Self.mail))
    }

    @Test func elsewhereAReplacementStaysInPlace() async throws {
        let h = try await BridgeHarness(information: Self.xfce)
        let first = try await h.show(Self.request(), Self.mail)
        let second = try await h.show(Self.request(title: "Standup moved to 10:30"), Self.mail)
        #expect([second.replacesID, second.id] == [first.id, first.id])
    }

    /// Plasma refuses a notification repeating the app, summary and body of the one just
    /// before it, within a second: the bridge shows it once that second has passed.
    @Test func aNotificationRefusedAsARepeatIsShownASecondLater() async throws {
        let h = try await BridgeHarness()
        await h.server.refuseNextNotify(with: DBusError(NotificationsServer.excessNotificationGeneration, "Created too many similar notifications in quick succession"))
        let request = Self.request()
        let start = ContinuousClock.now
        _ = await h.bridge.post(appID: BridgeHarness.app, request: request, category: nil)
        let shown = try await h.server.notifyCalls.next(within: .seconds(10), "the Notify sent again")
        #expect(ContinuousClock.now - start >= .milliseconds(900), "sent again before the second had passed")
        #expect(shown.summary == request.content.title)
        #expect(await h.bridge.isLive(h.key(request)))
        try await h.server.emitActionInvoked(id: shown.id, key: "default")
        #expect(try await h.nextInteraction().request.identifier == request.identifier)
    }
}

extension BridgeTests {
    static let swaync = ServerInformation(name: "SwayNotificationCenter", vendor: "SwayNotificationCenter", version: "0.11.0", specVersion: "1.2")

    /// swaync lists `inline-reply` whatever its config says, and shows no field (and no button
    /// for it) while `notification-inline-replies` is off: the reply is a button there.
    @Test func swayncGetsAnInlineReplyOnlyWhileItsConfigTurnsItOn() async throws {
        let config = TemporaryDirectory.root.appending(path: "bridge-swaync-\(UUID())")
        defer { try? FileManager.default.removeItem(at: config) }
        let h = try await BridgeHarness(capabilities: ["actions", "body", "inline-reply"], information: Self.swaync, configDirectories: [config])
        let off = Self.request("off")
        let asButton = try await h.show(off, Self.message)
        #expect(asButton.actionKeys == ["default", "REPLY"], "no config: swaync's default, no field")
        try await h.server.emitActionInvoked(id: asButton.id, key: "REPLY")
        #expect(try await h.nextInteraction() == Self.interaction(off, "REPLY", in: Self.message))

        try FileManager.default.createDirectory(at: config.appending(path: "swaync"), withIntermediateDirectories: true)
        try #"{"notification-inline-replies": true}"#.write(to: config.appending(path: "swaync/config.json"), atomically: true, encoding: .utf8)
        let on = Self.request("on")
        let asField = try await h.show(on, Self.message)
        #expect(asField.actionKeys == ["default", "inline-reply"], "read again for each notification")
        try await h.server.emitNotificationReplied(id: asField.id, text: "on my way")
        #expect(try await h.nextInteraction() == Self.interaction(on, "REPLY", text: "on my way", in: Self.message))
    }
}
