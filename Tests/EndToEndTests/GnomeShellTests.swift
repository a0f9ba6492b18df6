import DBus
import Foundation
import Testing
import TestSupport
import UserNotificationsCore

/// GNOME Shell 43 headless, its banners clicked with the pointer through mutter, as a user
/// clicks them: a button, the body, the banner and the message list's entry closed by
/// keyboard, a replacement, and the shell killed and started again.
@Suite(.serialized, .enabled(if: GnomeShell.unavailable == nil, Comment(rawValue: GnomeShell.unavailable ?? "")))
struct GnomeShellTests {
    struct GnomeScene {
        let shell: GnomeShell
        let app: AppOnBus

        init(categories: String = Scene.meetingCategories, release: DebianRelease = .host) async throws {
            let bus = try PrivateBus(serviceDirectories: [try GnomeShell.serviceDirectory(for: release)])
            shell = try await GnomeShell(bus: bus, release: release)
            app = try await AppOnBus(bus: bus, categories: categories)
        }

        func postMeeting(_ id: String) async throws { try await app.add(Scene.meetingRequest(id: id)) }

        /// Once the banner of `id` (a request of `category`) slid in: the response to its second button.
        func secondButtonResponse(of id: String, category: String) async throws -> NotificationResponse {
            try await app.add(Scene.meetingRequest(id: id, category: category))
            try await Task.sleep(for: .milliseconds(500))
            try await shell.click(.secondButton)
            return try await app.handler.responses.next(within: .seconds(10), "DidReceive")
        }

        /// What `count` notifications answer from the message list, by request: opened with
        /// Super+V, its newest entry has the focus, and Return is the click on it (its `default`
        /// action). Opened again while nothing answered: a new shell is slow to list what it was
        /// just sent on a loaded machine, and a Super+V that lands on the open list closes it.
        func answersFromTheMessageList(_ count: Int, within limit: Duration) async throws -> [String: String] {
            var answered: [String: String] = [:]
            let deadline = ContinuousClock.now + limit
            while answered.count < count, ContinuousClock.now < deadline {
                try await shell.open(.messageList)
                try await Task.sleep(for: .milliseconds(800))
                try await shell.press(0xff0d)  // Return
                if let response = try? await app.handler.responses.next(within: .seconds(3), "DidReceive") {
                    #expect(answered[response.requestId] == nil, "\(response.requestId) answered twice")
                    answered[response.requestId] = response.actionIdentifier
                }
            }
            return answered
        }
    }

    @Test(arguments: Scene.releases)
    func aButtonClickedOnTheBannerReachesTheHandler(on release: DebianRelease) async throws {
        let scene = try await GnomeScene(release: release)
        try await scene.postMeeting("invite")
        try await Task.sleep(for: .milliseconds(500))  // the banner slides in
        try await scene.shell.click(.secondButton)
        let response = try await scene.app.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect([response.requestId, response.actionIdentifier] == ["invite", "DECLINE_ACTION"])
        #expect(response.notification.content.userInfo["MEETING_ID"] == .string("M-invite"))
    }

    @Test(arguments: Scene.releases)
    func aClickOnTheBodyIsTheDefaultAction(on release: DebianRelease) async throws {
        let scene = try await GnomeScene(release: release)
        try await scene.postMeeting("invite")
        try await Task.sleep(for: .milliseconds(500))
        try await scene.shell.click(.body)
        let response = try await scene.app.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect([response.requestId, response.actionIdentifier] == ["invite", "default"])
    }

    /// GNOME Shell shows 3 buttons and drops the rest: the invitation's six actions would lose
    /// Decline (destructive, so last); its profile row sends the minimal two, Decline second.
    @Test(arguments: Scene.releases)
    func aBannerWithMoreActionsThanButtonsOffersTheMinimalOnes(on release: DebianRelease) async throws {
        let scene = try await GnomeScene(categories: ServerMatrixTests.profileCategories, release: release)
        let response = try await scene.secondButtonResponse(of: "invite", category: "MEETING_INVITATION")
        #expect([response.requestId, response.actionIdentifier] == ["invite", "DECLINE_ACTION"])
    }

    @Test(arguments: Scene.releases)
    func aSuggestionClickedOnTheBannerIsTheReplyWithItsText(on release: DebianRelease) async throws {
        let scene = try await GnomeScene(categories: ServerMatrixTests.profileCategories, release: release)
        let response = try await scene.secondButtonResponse(of: "chat", category: "CHAT")  // Reply, then the suggestion
        #expect([response.actionIdentifier, response.userText] == ["REPLY_ACTION", "On my way, 5 minutes"])
    }

    /// The banner's own close, by keyboard (Super+N, then Delete), and a close in the message
    /// list (Super+V, then Delete) are the user's dismissal.
    /// (GNOME 48's banner is not closed by Super+N and Delete here: its message list is.)
    @Test(arguments: [(GnomeShell.Place.banner, DebianRelease.host), (.messageList, .host)]
        + Scene.releases.filter { $0 != .host }.map { (GnomeShell.Place.messageList, $0) })
    func closingItGivesDismissForACustomDismissCategory(on place: GnomeShell.Place, of release: DebianRelease) async throws {
        let scene = try await GnomeScene(release: release)
        try await scene.postMeeting("invite")
        try await Task.sleep(for: .milliseconds(500))
        // As a user presses Delete again while the notification is still there (Super+N again
        // too: it only focuses the banner, where Super+V would close the list): on a loaded
        // machine the list can take longer to open and focus it than a fixed wait.
        // And as a user who sees the list did not open, or lost its focus, presses Super+V again.
        var response: NotificationResponse?
        let deadline = ContinuousClock.now + .seconds(30)
        try await scene.shell.open(place)
        var presses = 0
        while response == nil, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(600))
            try await scene.shell.press(0xffff)  // Delete
            presses += 1
            response = try? await scene.app.handler.responses.next(within: .seconds(2), "DidReceive")
            if response == nil, place == .banner || presses.isMultiple(of: 3) { try await scene.shell.open(place) }
        }
        let answer = try #require(response, "Delete on the \(place) closed nothing; usernoted's log: \(scene.app.daemon.process.log.suffix(3000))")
        #expect([answer.requestId, answer.actionIdentifier] == ["invite", "dismiss"])
    }

    /// GNOME Shell 43 updates a banner replaced in place without its buttons; usernoted closes
    /// the old one and shows the replacement as a new banner, whose buttons answer with the new
    /// content: the user sees one notification, the new one.
    @Test(arguments: Scene.releases)
    func aReplacementShowsItsButtonsAndTheyStillWork(on release: DebianRelease) async throws {
        let scene = try await GnomeScene(release: release)
        try await scene.postMeeting("invite")
        try await Task.sleep(for: .milliseconds(500))
        // GNOME Shell 50 sends NotificationClosed to its notifications helper alone, which
        // passes it on to the sender (43 and 48 broadcast it too): a monitor sees both.
        let closed = try await ManagedProcess.busMonitor(
            scene.shell.bus.address, "type='signal',interface='org.freedesktop.Notifications',member='NotificationClosed'")
        defer { closed.stop() }
        try await scene.app.add(Scene.meetingRequest(id: "invite")
            .replacingOccurrences(of: "Weekly", with: "Moved: weekly").replacingOccurrences(of: "M-invite", with: "M-moved"))
        try await closed.waitForLog(containing: "member=NotificationClosed")
        try await Task.sleep(for: .milliseconds(500))  // the new banner slides in
        try await scene.shell.click(.secondButton)
        let response = try await scene.app.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect([response.requestId, response.actionIdentifier] == ["invite", "DECLINE_ACTION"])
        #expect(response.notification.content.title == "Moved: weekly Staff Meeting")
        #expect(response.notification.content.userInfo["MEETING_ID"] == .string("M-moved"))
    }

    /// Killed, the shell takes its banners with it, and its notifications helper quits; the new
    /// shell starts a new helper, and usernoted shows the notification again, quietly (at low
    /// urgency: no banner), in the message list, where it still answers.
    /// (The new helper owns the name a moment before the shell it forwards to serves, and
    /// refuses a `Notify` meanwhile: usernoted sends it again, see `NotifyRetry`.)
    @Test(arguments: Scene.releases)
    func aKilledShellListsItAgainAndItStillAnswers(on release: DebianRelease) async throws {
        let scene = try await GnomeScene(release: release)
        try await scene.postMeeting("invite")
        try await Task.sleep(for: .milliseconds(500))
        scene.shell.stop(signal: SIGKILL)
        try await scene.shell.start()
        let answered = try await scene.answersFromTheMessageList(1, within: .seconds(30))
        #expect(answered == ["invite": "default"], "usernoted's log: \(scene.app.daemon.process.log.suffix(3000))")
    }

    /// GNOME's Do Not Disturb is Focus: the toggle writes `show-banners` of
    /// `org.gnome.desktop.notifications` through dconf, as `gsettings set` does here, and
    /// usernoted follows the key while GNOME Shell is the server: an active notification waits,
    /// and when the toggle is off again Focus ends, its summary's *Show all* brings it back, and
    /// its own button answers.
    @Test func gnomesDoNotDisturbIsFocusToo() async throws {
        let bus = try PrivateBus(serviceDirectories: [try GnomeShell.serviceDirectory(for: .host)])
        // usernoted, dconf and gsettings as one user's session: the same settings and runtime directories.
        var environment = bus.environment
        environment["XDG_CONFIG_HOME"] = bus.directory.appending(path: "home/config").path
        let runtime = bus.directory.appending(path: "runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        environment["XDG_RUNTIME_DIR"] = runtime.path
        let dconf = try await bus.start("/usr/libexec/dconf-service", [], environment: environment, owning: "ca.desrt.dconf")
        defer { dconf.stop() }
        let shell = try await GnomeShell(bus: bus)
        let app = try await AppOnBus(bus: bus, environment: environment)
        @Sendable func focus() async throws -> FocusStatus {
            try ModelJSON.decodeFocusStatus(try #require(try await app.center.call("GetFocus", []).first?.as(String.self)))
        }
        func showBanners(_ on: Bool) throws {
            let set = try Command.run("gsettings", ["set", "org.gnome.desktop.notifications", "show-banners", "\(on)"], environment: environment)
            #expect(set.succeeded, "\(set.errors)")
        }
        try showBanners(false)
        _ = try await withDeadline(.seconds(10), "usernoted seeing GNOME's Do Not Disturb") {
            while try await focus().by != [.server] { try await Task.sleep(for: .milliseconds(20)) }
            return true
        }
        try await app.add(Scene.meetingRequest(id: "standup"))
        #expect(try await focus().held == 1)
        try showBanners(true)
        _ = try await withDeadline(.seconds(10), "Focus ending with GNOME's Do Not Disturb") {
            while try await focus().active { try await Task.sleep(for: .milliseconds(20)) }
            return true
        }
        // The summary's banner: Show all brings the standup back, and its own Decline answers.
        try await Task.sleep(for: .milliseconds(500))
        try await shell.click(.firstButton)
        var response: NotificationResponse?
        let deadline = ContinuousClock.now + .seconds(20)
        while response == nil, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(500))
            try await shell.click(.secondButton)
            response = try? await app.handler.responses.next(within: .seconds(2), "DidReceive")
        }
        let answer = try #require(response, "the held standup did not answer; usernoted's log: \(app.daemon.process.log.suffix(3000))")
        #expect([answer.requestId, answer.actionIdentifier] == ["standup", "DECLINE_ACTION"])
    }

    /// usernoted killed with three notifications on screen and started again: it shows them
    /// again quietly (at low urgency, for which GNOME Shell shows no banner), so a click where a
    /// banner's button would be answers nothing; all three are in the message list, and each
    /// answers there. The list shows 43's notifications without buttons: Super+V focuses the newest,
    /// and Return is the click on it, its `default` action.
    @Test(arguments: Scene.releases)
    func aRestartedUsernotedShowsItsNotificationsAgainQuietlyInTheListWhereTheyAnswer(on release: DebianRelease) async throws {
        let scene = try await GnomeScene(release: release)
        for id in ["one", "two", "three"] { try await scene.postMeeting(id) }
        try await Task.sleep(for: .milliseconds(500))
        scene.app.daemon.process.stop(signal: SIGKILL)
        let daemon = try await DaemonProcess(bus: scene.shell.bus, home: scene.app.daemon.home)
        defer { daemon.stop() }
        try await daemon.process.waitForLog(containing: "took over notifications on screen", within: .seconds(20))
        try await Task.sleep(for: .milliseconds(1000))  // where a banner would slide in
        try await scene.shell.click(.secondButton)
        let popped = try? await scene.app.handler.responses.next(within: .seconds(3), "DidReceive")
        #expect(popped == nil, "a banner popped up again: \(popped.map { "\($0.requestId) \($0.actionIdentifier)" } ?? "")")
        let answered = try await scene.answersFromTheMessageList(3, within: .seconds(60))
        #expect(answered == ["one": "default", "two": "default", "three": "default"],
                "usernoted's log: \(daemon.process.log.suffix(2000))")
    }

    /// GNOME Shell keeps 3 of an app's notifications (10 from 48) and closes the oldest, as
    /// expired, to show one more: a thread's stack closed so comes back at once, quietly (low
    /// urgency: no banner), as the app's newest, and what it stands for stays delivered.
    @Test(arguments: Scene.releases)
    func aStackGnomeClosesToMakeRoomComesBackAndItsInvitationsStayDelivered(on release: DebianRelease) async throws {
        let scene = try await GnomeScene(release: release)
        let monitor = try await ManagedProcess.busMonitor(
            scene.shell.bus.address, "type='method_call',interface='org.freedesktop.Notifications',member='Notify'")
        defer { monitor.stop() }
        /// usernoted's `Notify` calls of the stack so far, as dbus-monitor printed them (not
        /// GNOME's helper forwarding them to the shell).
        @Sendable func stackShows() -> [Substring] {
            monitor.log.split(separator: "method call").filter {
                $0.contains("destination=org.freedesktop.Notifications ") && $0.contains("string \"2 more notifications\"")
            }
        }
        for n in 1...4 { try await scene.app.add(ThreadsTests.invitation(n)) }
        try await waitUntil("the stack shown", within: .seconds(20)) { !stackShows().isEmpty }
        // As many others as GNOME keeps of an app: the thread's two before the stack go first, then the stack.
        let kept = release == .host ? 3 : 10
        for n in 1...kept { try await scene.postMeeting("other-\(n)") }
        try await waitUntil("the stack shown again", within: .seconds(30)) { stackShows().count >= 2 }
        #expect(stackShows()[1].contains("string \"urgency\"\n         variant             byte 0"), "quietly: \(stackShows()[1])")
        let json = try await scene.app.center.call("GetDelivered", [.string(Scene.appID)]).first?.as(String.self) ?? ""
        let delivered = Set(try ModelJSON.decodeRequests(json).map(\.identifier))
        #expect(delivered.isSuperset(of: ["staff-1", "staff-2"]), "what the stack stands for is still delivered: \(delivered.sorted())")
    }
}
