import DBus
import Foundation
import Testing
import TestSupport
import UserNotificationsCore

/// Starts one plasmashell for the whole suite (it takes seconds) and stops it after; each test
/// starts its own usernoted on its bus.
struct OnePlasmaShell: SuiteTrait, TestScoping {
    /// The suite's shells, one for each release of ``Scene/releases``.
    @TaskLocal static var shells: [DebianRelease: PlasmaShell] = [:]

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        guard PlasmaShell.unavailable == nil else { return try await function() }
        var shells: [DebianRelease: PlasmaShell] = [:]
        for release in Scene.releases { shells[release] = try await PlasmaShell(bus: PrivateBus(), release: release) }
        try await Self.$shells.withValue(shells, operation: function)
    }
}

/// KDE Plasma 5.27's whole shell under Xvfb, its popups clicked and typed into with xdotool as
/// a user does: a button, the body, the inline reply, the close button, a replacement, and the
/// shell killed and started again.
@Suite(.serialized, OnePlasmaShell(), .enabled(if: PlasmaShell.unavailable == nil, Comment(rawValue: PlasmaShell.unavailable ?? "")))
struct PlasmaShellTests {
    /// The suite's shell and this test's usernoted (with a fresh state) on its bus.
    struct ShellScene {
        let shell: PlasmaShell
        let app: AppOnBus

        init(release: DebianRelease) async throws {
            shell = try #require(OnePlasmaShell.shells[release])
            try await shell.closeAllPopups()  // what an earlier test left
            let home = shell.bus.directory.appending(path: "daemon-\(UUID().uuidString.prefix(8))")
            app = try await AppOnBus(bus: shell.bus, categories: PlasmaServerTests.categories, home: home)
        }

        /// Posts `json` and returns its popup once it is on screen.
        func post(_ json: String) async throws -> PlasmaShell.Popup {
            let old = Set(try shell.popups().map(\.window))
            try await app.add(json)
            return try await shell.waitForPopup(besides: old)
        }

        /// Clicks `spot` of `popup` until something answers (a popup still being laid out on a
        /// loaded machine may miss the first click; one that answered has closed).
        func response(clicking spot: PlasmaShell.Spot, of popup: PlasmaShell.Popup) async throws -> NotificationResponse {
            for _ in 1...3 {
                guard try shell.popups().contains(where: { $0.window == popup.window }) else { break }  // it left unanswered
                try shell.click(spot, of: try await shell.waitForPopup(window: popup.window))
                if let response = try? await app.handler.responses.next(within: .seconds(4), "DidReceive") { return response }
            }
            throw TestSupportError("no click on the popup's \(spot) answered; on screen: \(try shell.popups())")
        }
    }

    @Test(arguments: Scene.releases)
    func aButtonClickedOnThePopupReachesTheHandler(on release: DebianRelease) async throws {
        let scene = try await ShellScene(release: release)
        let popup = try await scene.post(Scene.meetingRequest(id: "invite"))
        let response = try await scene.response(clicking: .lastButton, of: popup)
        #expect([response.requestId, response.actionIdentifier] == ["invite", "DECLINE_ACTION"])
        #expect(response.notification.content.userInfo["MEETING_ID"] == .string("M-invite"))
    }

    @Test(arguments: Scene.releases)
    func aClickOnTheBodyIsTheDefaultAction(on release: DebianRelease) async throws {
        let scene = try await ShellScene(release: release)
        let popup = try await scene.post(Scene.meetingRequest(id: "invite"))
        let response = try await scene.response(clicking: .body, of: popup)
        #expect([response.requestId, response.actionIdentifier] == ["invite", "default"])
    }

    /// Reply clicked opens Plasma's text field; what the user types there and sends with
    /// Return arrives as the response's `userText` (Plasma sends it to usernoted alone).
    @Test(arguments: Scene.releases)
    func anInlineReplyTypedIntoThePopupArrivesAsUserText(on release: DebianRelease) async throws {
        let scene = try await ShellScene(release: release)
        let popup = try await scene.post(PlasmaServerTests.message("msg-1", from: "Anna"))
        let buttons = try await scene.shell.waitUntilDrawn(popup)
        try scene.shell.click(.reply, of: popup)
        try await scene.shell.waitUntilDrawn(popup, changedFrom: buttons)  // the field, open and focused
        try scene.shell.type("See you at ten")
        let response = try await scene.app.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect([response.requestId, response.actionIdentifier, response.userText] == ["msg-1", "REPLY_ACTION", "See you at ten"])
        #expect(response.notification.content.userInfo["CHAT"] == .string("Anna"))
    }

    @Test(arguments: Scene.releases)
    func theCloseButtonGivesDismissForACustomDismissCategory(on release: DebianRelease) async throws {
        let scene = try await ShellScene(release: release)
        let popup = try await scene.post(Scene.meetingRequest(id: "invite"))
        let response = try await scene.response(clicking: .close, of: popup)
        #expect([response.requestId, response.actionIdentifier] == ["invite", "dismiss"])
    }

    /// Added again with the same identifier, the invitation changes in its popup: Plasma
    /// closes one notification, the one clicked, whose button answers for the new content.
    @Test(arguments: Scene.releases)
    func aReplacementStaysInItsPopupAndItsButtonsStillWork(on release: DebianRelease) async throws {
        let scene = try await ShellScene(release: release)
        let watcher = try await scene.shell.bus.connect()
        let closes = try await watcher.signals(matching: MatchRule(interface: "org.freedesktop.Notifications", member: "NotificationClosed"))
        let first = try await scene.post(Scene.meetingRequest(id: "invite"))
        let text = try await scene.shell.waitUntilDrawn(first, .text)
        try await scene.app.add(Scene.meetingRequest(id: "invite")
            .replacingOccurrences(of: "Weekly Staff Meeting", with: "Staff Meeting moved").replacingOccurrences(of: "M-invite", with: "M-moved"))
        try await scene.shell.waitUntilDrawn(first, .text, changedFrom: text)  // Plasma updates the popup in place…
        let replaced = try await scene.shell.waitForPopup(window: first.window)
        try await scene.shell.waitUntilDrawn(replaced)  // …and draws its buttons again
        #expect(try scene.shell.popups().count == 1)
        let response = try await scene.response(clicking: .lastButton, of: replaced)
        #expect([response.requestId, response.actionIdentifier] == ["invite", "DECLINE_ACTION"])
        #expect(response.notification.content.userInfo["MEETING_ID"] == .string("M-moved"))
        try await Task.sleep(for: .milliseconds(500))  // its close follows the action
        watcher.close()
        // Plasma 6.3 sends each NotificationClosed twice: counted by id.
        var closed: Set<UInt32> = []
        for await signal in closes { if let id = signal.body.first?.as(UInt32.self) { closed.insert(id) } }
        #expect(closed.count == 1, "one notification closed: the replacement was not a second one")
    }

    /// Killed, the shell takes its popups with it; started again, it owns the name anew,
    /// usernoted shows the notification again, and its button answers.
    @Test(arguments: Scene.releases)
    func aKilledShellShowsItAgainAndItsButtonStillRoutes(on release: DebianRelease) async throws {
        let scene = try await ShellScene(release: release)
        _ = try await scene.post(Scene.meetingRequest(id: "invite"))
        scene.shell.stop(signal: SIGKILL)
        try await scene.shell.start()
        let again = try await scene.shell.waitForPopup()
        #expect(try scene.shell.popups().count == 1)
        let response = try await scene.response(clicking: .lastButton, of: again)
        #expect([response.requestId, response.actionIdentifier] == ["invite", "DECLINE_ACTION"])
        #expect(response.notification.content.userInfo["MEETING_ID"] == .string("M-invite"))
    }
}
