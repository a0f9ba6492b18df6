import DBus
import Foundation
import Testing
import TestSupport
import UserNotificationsCore

/// Focus against a real dunst under Xvfb: the user turns it on (with `usernotectl`, or with
/// dunst's own pause), an active post waits while time-sensitive and critical ones are sent
/// at once, and when Focus ends the summary is on screen; *Show all* in dunst's menu brings
/// the held one back with its own buttons, and a click on it reaches the app's handler.
@Suite(.serialized) struct FocusTests {
    let cli = UsernotectlTests()

    /// Posts `id` of the meeting app at `level`.
    static func post(_ scene: Scene, _ id: String, _ title: String, level: String) async throws {
        _ = try await scene.center.call("Add", [.string(Scene.appID), .string("""
            {"identifier": "\(id)", "content": {"title": "\(title)", "body": "", "categoryIdentifier": "MEETING_INVITATION",
             "interruptionLevel": "\(level)", "userInfo": {"MEETING_ID": "M-\(id)"}}}
            """)])
    }

    /// Waits until usernoted's Focus is on by dunst's pause.
    static func waitForDunstsPause(_ scene: Scene) async throws {
        _ = try await withDeadline(.seconds(10), "usernoted seeing dunst paused") {
            while try await focus(scene).by != [.server] { try await Task.sleep(for: .milliseconds(20)) }
            return true
        }
    }

    /// What GetFocus says now.
    static func focus(_ scene: Scene) async throws -> FocusStatus {
        try ModelJSON.decodeFocusStatus(try #require(try await scene.center.call("GetFocus", []).first?.as(String.self)))
    }

    /// Picks *Show all* on the summary of the held standup, then clicks the standup: its handler hears of it.
    static func showAllAndClick(_ scene: Scene, summary: ShownNotification, from start: Int) async throws {
        try scene.desktop.pick("show-all", of: summary.id)
        let (_, standup) = try await scene.desktop.waitUntilShown(from: start, "the held standup, shown again") {
            $0.summary == "Standup moved"
        }
        let menu = try await scene.desktop.openMenu(choosing: "ACCEPT_ACTION", of: standup.id)
        #expect(menu.buttons(of: standup.id) == ["Accept", "Decline"], "shown with its own buttons")
        let response = try await scene.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect(response.requestId == "standup" && response.actionIdentifier == "ACCEPT_ACTION")
        #expect(response.notification.content.userInfo["MEETING_ID"] == "M-standup")
    }

    @Test func usernotectlFocusHoldsAnActivePostAndSummarisesItWhenTurnedOff() async throws {
        let scene = try await Scene()
        let on = try cli.usernotectl(scene, "focus", "on", "--for", "1h")
        #expect(on.succeeded && on.output.hasPrefix("focus: on (usernoted) until "), "\(on.output) \(on.errors)")
        try await Self.post(scene, "standup", "Standup moved", level: "active")
        try await Self.post(scene, "leave", "Leave now", level: "timeSensitive")
        try await Self.post(scene, "fire", "Fire drill", level: "critical")
        try await scene.desktop.waitUntilShown("the critical one") { $0.summary == "Fire drill" }
        #expect(scene.desktop.shown().map(\.summary) == ["Leave now", "Fire drill"], "the active one waits")
        try await scene.expectDisplayed(2)
        #expect(try cli.usernotectl(scene, "focus", "status").output == "focus: on (usernoted) until \(Self.untilText(on.output)); 1 held\n")

        let start = scene.desktop.shown().count
        let off = try cli.usernotectl(scene, "focus", "off")
        #expect(off.output == "focus: off; 1 held\n", "held until the user answers the summary")
        let (index, summary) = try await scene.desktop.waitUntilShown(from: start, "the summary") {
            $0.summary == "1 notification from Calendar"
        }
        #expect(summary.body == "Standup moved")
        try await Self.showAllAndClick(scene, summary: summary, from: index + 1)
        #expect(try await Self.focus(scene).held == 0)
    }

    @Test func dunstsOwnPauseIsFocusToo() async throws {
        let scene = try await Scene()
        try scene.desktop.dunstctl("set-paused", "true")
        try await Self.waitForDunstsPause(scene)
        try await Self.post(scene, "standup", "Standup moved", level: "active")
        try await Self.post(scene, "leave", "Leave now", level: "timeSensitive")
        // usernoted holds the active one itself; the time-sensitive one is sent, and dunst 1.9
        // keeps it in its queue while paused (it has no way to let anything through).
        _ = try await withDeadline(.seconds(10), "dunst queueing the time-sensitive one") {
            while try scene.desktop.dunstctl("count", "waiting") != "1" { try await Task.sleep(for: .milliseconds(20)) }
            return true
        }
        #expect(try await Self.focus(scene).held == 1)

        try scene.desktop.dunstctl("set-paused", "false")
        let (index, summary) = try await scene.desktop.waitUntilShown("the summary, once dunst resumed") {
            $0.summary == "1 notification from Calendar"
        }
        #expect(scene.desktop.shown().contains { $0.summary == "Leave now" })
        #expect(try await Self.focus(scene).active == false)
        try await Self.showAllAndClick(scene, summary: summary, from: index + 1)
    }

    /// dunst 1.10+ pauses by level (0–100; `set-paused true` is 100) and shows a notification
    /// whose rule gives it an `override_pause_level` at least that level. With docs/focus.md's
    /// two rules (the fixture's dunstrc has them), a pause at 60 lets time-sensitive and critical
    /// notifications through and a full pause critical ones only; usernoted, following dunst's
    /// pause, holds the active one and summarises it when dunst resumes.
    @Test(arguments: Scene.releases.filter { $0 != .host })
    func dunstsPauseLevelsLetTheUrgentOnesThrough(on release: DebianRelease) async throws {
        let scene = try await Scene(server: NotificationServerKind.dunst.from(release))
        try scene.desktop.dunstctl("set-pause-level", "60")
        try await Self.waitForDunstsPause(scene)
        try await Self.post(scene, "standup", "Standup moved", level: "active")
        try await Self.post(scene, "leave", "Leave now", level: "timeSensitive")
        try await Self.post(scene, "fire", "Fire drill", level: "critical")
        try await scene.desktop.waitUntilShown("the time-sensitive one, through a pause at 60") { $0.summary == "Leave now" }
        try await scene.desktop.waitUntilShown("the critical one") { $0.summary == "Fire drill" }
        #expect(try await Self.focus(scene).held == 1, "usernoted holds the active one")

        try scene.desktop.dunstctl("set-paused", "true")
        try await Self.post(scene, "train", "Train delayed", level: "timeSensitive")
        try await Self.post(scene, "alarm", "Smoke alarm", level: "critical")
        try await scene.desktop.waitUntilShown("the critical one, through a full pause") { $0.summary == "Smoke alarm" }
        // Both time-sensitive ones wait in dunst: the new one, and the one on screen, which a full
        // pause takes back off it.
        _ = try await withDeadline(.seconds(10), "dunst holding the time-sensitive ones") {
            while try scene.desktop.dunstctl("count", "waiting") != "2" { try await Task.sleep(for: .milliseconds(20)) }
            return true
        }
        #expect(!scene.desktop.shown().contains { $0.summary == "Train delayed" })

        try scene.desktop.dunstctl("set-paused", "false")
        try await scene.desktop.waitUntilShown("the summary, once dunst resumed") { $0.summary == "1 notification from Calendar" }
        try await scene.desktop.waitUntilShown("the time-sensitive one dunst held") { $0.summary == "Train delayed" }
    }

    @Test func theScheduledSummaryGathersAnAppUntilEachSummaryTime() async throws {
        // usernoted's test clock at 3600× (an hour a second), and a summary every half hour of the day.
        let times = (0..<48).map { String(format: "\"%02d:%02d\"", $0 / 2, $0 % 2 * 30) }.joined(separator: ", ")
        let scene = try await Scene(
            config: "[summary]\ntimes = [\(times)]\napps = [\"\(Scene.appID)\"]", daemonEnvironment: ["USERNOTED_CLOCK_RATE": "3600"])
        try await Self.post(scene, "leave", "Leave now", level: "timeSensitive")
        try await scene.desktop.waitUntilShown("the time-sensitive one, at once") { $0.summary == "Leave now" }
        try await Self.post(scene, "standup", "Standup moved", level: "active")
        let (first, digest) = try await scene.desktop.waitUntilShown("the first summary") { $0.summary.hasPrefix("Scheduled summary") }
        #expect(digest.summary == "Scheduled summary: 1 notification" && digest.body == "Calendar: Standup moved")
        #expect(scene.desktop.shown()[..<first].map(\.summary) == ["Leave now"], "the time-sensitive one did not wait")

        try await Self.post(scene, "lunch", "Lunch at 1", level: "passive")
        let (next, again) = try await scene.desktop.waitUntilShown(from: first + 1, "the second summary") {
            $0.summary.hasPrefix("Scheduled summary")
        }
        #expect(again.id == digest.id, "replaced in place")
        #expect(again.summary == "Scheduled summary: 2 notifications")
        #expect(Set(again.body.split(separator: "\n")) == ["Calendar: Standup moved", "Calendar: Lunch at 1"])
        try await Self.showAllAndClick(scene, summary: again, from: next + 1)
        #expect(scene.desktop.shown()[(next + 1)...].contains { $0.summary == "Lunch at 1" })
    }

    /// xfce4-notifyd's *Do not disturb* is its xfconf setting, as its settings dialog writes it.
    @Test func xfce4NotifydsDoNotDisturbIsFocusToo() async throws {
        let scene = try await Scene(server: .xfce4Notifyd)
        // Xfce's settings daemon, as the session starts it (the private bus activates nothing of the system's).
        let xfconfd = try await scene.bus.start(
            "/usr/lib/x86_64-linux-gnu/xfce4/xfconf/xfconfd", [], environment: scene.desktop.environment, owning: "org.xfce.Xfconf")
        defer { xfconfd.stop() }
        func setDoNotDisturb(_ on: Bool) throws {
            let result = try Command.run(
                "xfconf-query", ["-c", "xfce4-notifyd", "-p", "/do-not-disturb", "-n", "-t", "bool", "-s", "\(on)"],
                environment: scene.desktop.environment)
            #expect(result.succeeded, "\(result.errors)")
        }
        try setDoNotDisturb(true)
        _ = try await withDeadline(.seconds(10), "usernoted seeing xfce4-notifyd's do-not-disturb") {
            while try await Self.focus(scene).by != [.server] { try await Task.sleep(for: .milliseconds(20)) }
            return true
        }
        try await Self.post(scene, "standup", "Standup moved", level: "active")
        #expect(try await Self.focus(scene).held == 1)
        try setDoNotDisturb(false)
        _ = try await withDeadline(.seconds(10), "Focus ending with xfce4-notifyd's do-not-disturb") {
            while try await Self.focus(scene).active { try await Task.sleep(for: .milliseconds(20)) }
            return true
        }
    }

    /// `--until` is a time on the user's wall clock (the `TZ` of usernotectl's environment),
    /// and `focus status` shows it back the same way, on a 24-hour clock.
    @Test func usernotectlFocusUntilIsOnTheUsersWallClock() async throws {
        let scene = try await Scene()
        /// usernotectl with `TZ` set to `zone`.
        func usernotectl(in zone: String, _ arguments: String...) throws -> CommandResult {
            try Command.run(UsernotectlTests.binary, arguments, environment: scene.desktop.environment.merging(["TZ": zone]) { $1 })
        }
        for (zone, utc) in [("Asia/Tokyo", "2030-06-01T09:00:00Z"), ("America/New_York", "2030-06-01T22:00:00Z"), ("UTC", "2030-06-01T18:00:00Z")] {
            let on = try usernotectl(in: zone, "focus", "on", "--until", "2030-06-01T18:00")
            #expect(on.output == "focus: on (usernoted) until 2030-06-01 18:00; 0 held\n", "\(zone): \(on.output) \(on.errors)")
            #expect(try await Self.focus(scene).setting.until == ISO8601Date.parse(utc), "\(zone)")
        }
        let now = Date()
        _ = try usernotectl(in: "Asia/Tokyo", "focus", "on", "--until", "18:00")
        let until = try #require(try await Self.focus(scene).setting.until)
        #expect(until > now && until <= now.addingTimeInterval(86_400), "the next 18:00")
        #expect(ISO8601Date.format(until).hasSuffix("T09:00:00Z"), "18:00 in Tokyo is 09:00 UTC")
        // 09:00 UTC is 18:00 the same day in Tokyo.
        let status = try usernotectl(in: "Asia/Tokyo", "focus", "status").output
        #expect(status.contains(" until \(ISO8601Date.format(until).prefix(10)) 18:00;"), "\(status)")
    }

    /// The `until …` part of `usernotectl focus on`'s output.
    static func untilText(_ output: String) -> String {
        String(output.split(separator: ";")[0].dropFirst("focus: on (usernoted) until ".count))
    }
}
