import DBus
import Foundation
import Testing
import TestSupport
import UsernotedAPI
import UserNotificationsCore

/// The built usernoted on a private bus, and an app whose handler records what reaches it,
/// with its categories set: the scene of the matrix tests whose servers are not Xvfb's.
struct AppOnBus {
    let daemon: DaemonProcess
    let handler: RecordingHandler
    let center: Proxy

    /// Starts usernoted on `bus` (its state in `home`, the bus's own when nil; `environment`,
    /// the bus's when nil) and the app.
    init(bus: PrivateBus, categories: String = Scene.meetingCategories, home: URL? = nil, environment: [String: String]? = nil) async throws {
        daemon = try await DaemonProcess(bus: bus, environment: environment, home: home)
        let app = try await bus.connect()
        handler = RecordingHandler(connection: app)
        center = Proxy.usernotedCenter(on: app)
        _ = try await center.call("SetCategories", [.string(Scene.appID), .string(categories)])
        _ = try await center.call("RegisterHandler", [.string(Scene.appID), .objectPath(handler.path)])
    }

    /// Adds the request `json` for the app.
    func add(_ json: String) async throws {
        _ = try await center.call("Add", [.string(Scene.appID), .string(json)])
    }
}

/// A sway with a Wayland notification server, and the app.
struct WaylandScene {
    let bus: PrivateBus
    let desktop: WaylandDesktop
    let app: AppOnBus
    var handler: RecordingHandler { app.handler }
    var center: Proxy { app.center }

    /// The desktop's user has `config` in `~/.config` (see ``WaylandDesktop``); usernoted, the
    /// same user's in life, reads what is there as its system config directory.
    init(
        server: WaylandDesktop.Server, release: DebianRelease = .host, seat: WaylandDesktop.Seat = .headless,
        config: [String: String] = [:], categories: String = Scene.meetingCategories
    ) async throws {
        bus = try PrivateBus()
        desktop = try await WaylandDesktop(bus: bus, server: server, release: release, seat: seat, config: config)
        var environment = bus.environment
        environment["XDG_CONFIG_DIRS"] = desktop.configDirectory.path
        app = try await AppOnBus(bus: bus, categories: categories, environment: environment)
    }

    /// Posts the meeting invitation `id`.
    func postMeeting(_ id: String) async throws { try await app.add(Scene.meetingRequest(id: id)) }

    /// Waits until swaync counts exactly `count` notifications (`step` says when, for the error,
    /// which also says whether swaync answers and what usernoted logged).
    func expectSwayncCounts(_ count: Int, _ step: String = "", within timeout: Duration = .seconds(10)) async throws {
        let desktop = desktop
        let counted: @Sendable () throws -> String = { try desktop.run("swaync-client", "--count").trimmingCharacters(in: .whitespacesAndNewlines) }
        do {
            try await withDeadline(timeout, "swaync counting \(count) notifications \(step)") {
                while try counted() != "\(count)" { try await Task.sleep(for: .milliseconds(20)) }
            }
        } catch {
            let answers = (try? Command.run("dbus-send", [
                "--bus=\(bus.address)", "--print-reply", "--dest=org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                "org.freedesktop.Notifications.GetServerInformation"]))?.succeeded ?? false
            throw TestSupportError(
                "\(error) (it counts \((try? counted()) ?? "?"); swaync answers GetServerInformation now: \(answers)); usernoted's log: \(app.daemon.process.log.suffix(2000))")
        }
    }

    /// Waits until mako shows exactly `count` notifications; their ids, newest first.
    @discardableResult
    func expectMakoShows(_ count: Int) async throws -> [UInt32] {
        let desktop = desktop
        return try await withDeadline(.seconds(10), "mako showing \(count) notifications") {
            while true {
                let ids = try await desktop.makoNotificationIDs()
                if ids.count == count { return ids }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }
}

/// The end-to-end essentials on the servers of wlroots compositors, in a headless sway:
/// mako driven with `makoctl` as its users drive it, swaync as far as it can be driven.
@Suite(.serialized, .enabled(if: WaylandDesktop.unavailable == nil, Comment(rawValue: WaylandDesktop.unavailable ?? "")))
struct WaylandServerTests {
    @Test(arguments: Scene.releases)
    func makoInvokesAnActionAndItReachesTheHandler(on release: DebianRelease) async throws {
        let scene = try await WaylandScene(server: .mako, release: release)
        try await scene.postMeeting("invite")
        try await scene.expectMakoShows(1)
        try scene.desktop.run("makoctl", "invoke", "DECLINE_ACTION")
        let response = try await scene.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect([response.requestId, response.actionIdentifier] == ["invite", "DECLINE_ACTION"])
        #expect(response.notification.content.userInfo["MEETING_ID"] == .string("M-invite"))
        try await scene.expectMakoShows(0)
    }

    @Test(arguments: Scene.releases)
    func makosDefaultActionIsTheBodyClick(on release: DebianRelease) async throws {
        let scene = try await WaylandScene(server: .mako, release: release)
        try await scene.postMeeting("invite")
        try await scene.expectMakoShows(1)
        try scene.desktop.run("makoctl", "invoke")
        let response = try await scene.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect([response.requestId, response.actionIdentifier] == ["invite", "default"])
    }

    @Test(arguments: Scene.releases)
    func makoDismissIsADismissForCustomDismissAction(on release: DebianRelease) async throws {
        let scene = try await WaylandScene(server: .mako, release: release)
        try await scene.postMeeting("invite")
        try await scene.expectMakoShows(1)
        try scene.desktop.run("makoctl", "dismiss")
        let response = try await scene.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect([response.requestId, response.actionIdentifier] == ["invite", "dismiss"])
        try await scene.expectMakoShows(0)
    }

    @Test(arguments: Scene.releases)
    func makoReplacesInPlaceAndTheButtonsStillWork(on release: DebianRelease) async throws {
        let scene = try await WaylandScene(server: .mako, release: release)
        try await scene.postMeeting("invite")
        let first = try await scene.expectMakoShows(1)
        try await scene.postMeeting("invite")
        try await Task.sleep(for: .milliseconds(300))  // a second notification, were there one, would show by now
        #expect(try await scene.expectMakoShows(1) == first, "one notification, under its first id")
        try scene.desktop.run("makoctl", "invoke", "ACCEPT_ACTION")
        let response = try await scene.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect([response.requestId, response.actionIdentifier] == ["invite", "ACCEPT_ACTION"])
        #expect(scene.handler.responses.pending.isEmpty, "one invoke, one response")
    }

    /// mako's list is empty after a restart and the old ids are dead: usernoted shows them again.
    @Test(arguments: Scene.releases)
    func aKilledMakoShowsItAgainAndItsActionsStillRoute(on release: DebianRelease) async throws {
        let scene = try await WaylandScene(server: .mako, release: release)
        for index in 0..<3 { try await scene.postMeeting("invite-\(index)") }
        try await scene.expectMakoShows(3)
        scene.desktop.stopServer(signal: SIGKILL)
        try await scene.desktop.startServer()
        let ids = try await scene.expectMakoShows(3)
        try scene.desktop.run("makoctl", "invoke", "-n", "\(try #require(ids.first))", "DECLINE_ACTION")
        let response = try await scene.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect(response.actionIdentifier == "DECLINE_ACTION" && response.requestId.hasPrefix("invite-"))
        #expect(response.notification.content.userInfo["MEETING_ID"] == .string("M-\(response.requestId)"))
    }

    /// mako keeps a gone sender's notifications and sends their signals to every listener:
    /// a restarted usernoted leaves them as they are (no `Notify`: no timer restarted, nothing
    /// re-rendered) and still hears their actions.
    @Test(arguments: Scene.releases)
    func aRestartedUsernotedLeavesMakosNotificationsAsTheyAreAndTheirActionsStillRoute(on release: DebianRelease) async throws {
        let scene = try await WaylandScene(server: .mako, release: release)
        for index in 0..<3 { try await scene.postMeeting("invite-\(index)") }
        let ids = try await scene.expectMakoShows(3)
        try await scene.app.daemon.serverIDsRecorded(3)
        scene.app.daemon.stop()
        let monitor = try await ManagedProcess.busMonitor(scene.bus.address, "type='method_call',interface='org.freedesktop.Notifications'")
        defer { monitor.stop() }
        let restarted = try await DaemonProcess(bus: scene.bus)
        defer { restarted.stop() }
        try await restarted.process.waitForLog(containing: "count=3 [UsernotedService] took over notifications on screen")
        try scene.desktop.run("makoctl", "invoke", "-n", "\(ids[1])", "DECLINE_ACTION")
        let response = try await scene.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect([response.requestId, response.actionIdentifier] == ["invite-1", "DECLINE_ACTION"])
        #expect(!monitor.log.contains("member=Notify"), "no notification shown again: \(monitor.log)")
        #expect(try await scene.expectMakoShows(2) == [ids[0], ids[2]], "the other two as they were")
    }

    /// swaync 0.10 and later list `inline-reply`, and show their reply field where the user's
    /// config turns `notification-inline-replies` on: clicked, typed into and sent with Return
    /// on the popup, the text reaches the handler as the reply's `userText`.
    @Test(arguments: Scene.releases.filter { $0 != .host })
    func aReplyTypedIntoSwayncsFieldReachesTheHandler(on release: DebianRelease) async throws {
        let scene = try await WaylandScene(
            server: .swaync, release: release, seat: .xvfb, config: ["swaync/config.json": #"{"notification-inline-replies": true}"#],
            categories: PlasmaServerTests.categories)
        try await scene.desktop.waitUntilStill {
            try await scene.app.add(PlasmaServerTests.message("msg-1", from: "Anna"))
            try await scene.expectSwayncCounts(1)
        }
        try scene.desktop.click(x: 990, y: 80)  // the field: under the summary and the one-line body
        try scene.desktop.type("See you at ten", thenPress: "Return")
        let response = try await scene.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect([response.requestId, response.actionIdentifier] == ["msg-1", "REPLY_ACTION"])
        #expect(response.userText == "See you at ten")
    }

    /// swaync shows no field while its config leaves `notification-inline-replies` off (its
    /// default), though it lists `inline-reply`: the reply is a button there, and pressed it
    /// reaches the handler (which asks for the text itself, or the prompt command does).
    @Test(arguments: Scene.releases.filter { $0 != .host })
    func withoutItsInlineRepliesSwayncShowsReplyAsAButton(on release: DebianRelease) async throws {
        let scene = try await WaylandScene(server: .swaync, release: release, seat: .xvfb, categories: PlasmaServerTests.categories)
        try await scene.desktop.waitUntilStill {
            try await scene.app.add(PlasmaServerTests.message("msg-1", from: "Anna"))
            try await scene.expectSwayncCounts(1)
        }
        try scene.desktop.click(x: 1150, y: 80)  // the right half of the row of buttons under the body: Reply
        let response = try await scene.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect([response.requestId, response.actionIdentifier] == ["msg-1", "REPLY_ACTION"])
        #expect(response.userText == nil)
        #expect(scene.app.daemon.process.log.contains("setting=notification-inline-replies in swaync/config.json"), "the log says why there is no field")
    }

    /// swaync 0.7 has no command that invokes an action (that came with 0.9): shown, replaced,
    /// restarted, closed by the app and closed by the user, as far as `swaync-client` reaches.
    @Test(arguments: Scene.releases)
    func swayncShowsReplacesRestartsAndCloses(on release: DebianRelease) async throws {
        let scene = try await WaylandScene(server: .swaync, release: release)
        try await scene.postMeeting("invite")
        try await scene.postMeeting("invite")
        try await scene.expectSwayncCounts(1, "after a post and its replacement")
        scene.desktop.stopServer(signal: SIGKILL)
        try await scene.desktop.startServer()
        // swaync 0.12 under load takes its name a few seconds before it serves: usernoted's
        // Notify, refused meanwhile, is tried again after doubling waits (25 s in all, NotifyRetry).
        try await scene.expectSwayncCounts(1, "shown again by usernoted after swaync restarted", within: .seconds(30))
        try await scene.center.call(Center1.removeDelivered, Scene.appID, ["invite"])
        try await scene.expectSwayncCounts(0, "after RemoveDelivered")
        try await scene.postMeeting("second")
        try await scene.expectSwayncCounts(1, "after a second post")
        try scene.desktop.run("swaync-client", "--close-latest")
        let response = try await scene.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect([response.requestId, response.actionIdentifier] == ["second", "dismiss"])
    }
}
