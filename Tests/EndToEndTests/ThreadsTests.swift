import DBus
import Foundation
import Testing
import TestSupport
import UserNotificationsCore

/// Invitations to one meeting series are one thread: against a real dunst, more than three of
/// them stack (the default `stackLimit`), Show all brings them back, and a restarted daemon
/// shows the thread stacked again.
@Suite(.serialized) struct ThreadsTests {
    /// The seed's meeting invitation `n` of the weekly staff meeting's thread.
    static func invitation(_ n: Int, category: String = "MEETING_INVITATION") -> String {
        """
        {"identifier": "staff-\(n)",
         "content": {"title": "Weekly Staff Meeting", "body": "Every Tuesday at 2pm (\(n))",
                     "categoryIdentifier": "\(category)", "threadIdentifier": "weekly-staff",
                     "userInfo": {"MEETING_ID": "M-\(n)", "USER_ID": "U-42"}}}
        """
    }

    func invite(_ scene: Scene, _ numbers: ClosedRange<Int>, category: String = "MEETING_INVITATION") async throws {
        for n in numbers {
            _ = try await scene.center.call("Add", [.string(Scene.appID), .string(Self.invitation(n, category: category))])
        }
    }

    func delivered(_ scene: Scene) async throws -> [String] {
        let json = try await scene.center.call("GetDelivered", [.string(Scene.appID)]).first?.as(String.self) ?? ""
        return try ModelJSON.decodeRequests(json).map(\.identifier).sorted()
    }

    @Test func fourInvitationsStackAndShowAllBringsThemBackEachWithItsButtons() async throws {
        let scene = try await Scene()
        try await invite(scene, 1...4)
        let (at, stack) = try await scene.desktop.waitUntilShown("the stack") { $0.summary == "2 more notifications" }
        #expect(stack.body == "Weekly Staff Meeting: Every Tuesday at 2pm (2)\nWeekly Staff Meeting: Every Tuesday at 2pm (1)")
        try await scene.expectDisplayed(3)
        #expect(try await delivered(scene) == ["staff-1", "staff-2", "staff-3", "staff-4"], "stacked is still delivered")

        let menu = try await scene.desktop.openMenu(choosing: "x-usernoted-show-all", of: stack.id)
        #expect(menu.buttons(of: stack.id) == ["Show all"])
        try await scene.expectDisplayed(4)
        let (_, first) = try await scene.desktop.waitUntilShown(from: at + 1, "invitation 1 again") { $0.body.hasSuffix("(1)") }
        #expect(try await scene.desktop.openMenu(choosing: "ACCEPT_ACTION", of: first.id).buttons(of: first.id) == ["Accept", "Decline"])
        let response = try await scene.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect(response.requestId == "staff-1" && response.actionIdentifier == "ACCEPT_ACTION", "Show all itself answers nothing")
        #expect(response.notification.content.userInfo["MEETING_ID"] == "M-1")
    }

    @Test func aRestartedDaemonShowsTheThreadStackedInPlaceAndClosingTheStackDismissesEach() async throws {
        let scene = try await Scene()
        try await invite(scene, 1...5)
        let (_, stack) = try await scene.desktop.waitUntilShown("the stack") { $0.summary == "3 more notifications" }
        try await scene.expectDisplayed(3)
        let newest = scene.desktop.shown().filter { $0.body.hasSuffix("(4)") || $0.body.hasSuffix("(5)") }
        let onScreen = Set(newest.map(\.id) + [stack.id])
        #expect(onScreen.count == 3)

        scene.daemon.stop()
        let before = scene.desktop.shown().count
        let restarted = try await DaemonProcess(bus: scene.bus, environment: scene.desktop.environment)
        defer { restarted.stop() }
        try await restarted.process.waitForLog(containing: "took over notifications on screen")
        // usernoted has sent them again; dunst shows them a moment later.
        try await scene.desktop.waitUntilShown(from: before, "the stack shown again") { $0.id == stack.id && $0.summary == "3 more notifications" }
        let again = scene.desktop.shown()[before...]
        #expect(Set(again.map(\.id)).isSubset(of: onScreen), "shown again in place, no banner each: \(Array(again))")
        try await scene.expectDisplayed(3)

        try scene.desktop.dunstctl("close")  // the top one: the stack, in the oldest invitation's place
        var dismissed: [String] = []
        for _ in 1...3 {
            let response = try await scene.handler.responses.next(within: .seconds(10), "DidReceive")
            #expect(response.actionIdentifier == "dismiss")
            dismissed.append(response.requestId)
        }
        #expect(dismissed == ["staff-1", "staff-2", "staff-3"], "one dismiss each, with its own request")
        try await scene.expectDisplayed(2)
        #expect(try await delivered(scene) == ["staff-4", "staff-5"])
    }

    @Test func closingAStackWhoseCategoryHasNoCustomDismissActionSendsNothing() async throws {
        let scene = try await Scene()
        try await invite(scene, 1...4, category: "REMINDER")
        try await scene.desktop.waitUntilShown("the stack") { $0.summary == "2 more notifications" }
        try scene.desktop.dunstctl("close")
        try await scene.expectDisplayed(2)
        // dunst redraws before its NotificationClosed reaches the daemon: the list follows the signal.
        _ = try await withDeadline(.seconds(10), "GetDelivered without the stacked ones") {
            while try await delivered(scene) != ["staff-3", "staff-4"] { try await Task.sleep(for: .milliseconds(20)) }
        }
        // The first response the handler sees is the next close's.
        try scene.desktop.dunstctl("close-all")
        try await scene.expectDisplayed(0)
        let response = try await scene.closeFreshInvitation("standup")
        #expect(response.requestId == "standup" && response.actionIdentifier == "dismiss")
    }

    @Test func theStackLimitComesFromTheConfigAtStartAndOnReload() async throws {
        let scene = try await Scene(config: "[threads]\nstackLimit = 2\n")
        try await invite(scene, 1...3)
        try await scene.desktop.waitUntilShown("the stack of two") { $0.summary == "2 more notifications" }
        try await scene.expectDisplayed(2)

        try "[threads]\nstackLimit = 4\n".write(to: scene.bus.directory.appending(path: "config.toml"), atomically: true, encoding: .utf8)
        kill(scene.daemon.process.pid, SIGHUP)
        try await scene.daemon.process.waitForLog(containing: "settings reloaded")
        try await invite(scene, 4...5)
        try await scene.expectDisplayed(4)  // the stack, 3, 4 and 5: four places now
        #expect(!scene.desktop.shown().contains { $0.summary.hasSuffix("more notifications") && !$0.summary.hasPrefix("2 ") })
    }
}
