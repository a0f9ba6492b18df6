import DBus
import Foundation
import Testing
import TestSupport
import UserNotificationsCore

/// Scheduled requests and restarts, against the built daemon and a real dunst.
@Suite(.serialized) struct ScheduledTests {
    static func request(_ id: String, title: String = "Weekly Staff Meeting", in seconds: Double, category: String = "MEETING_INVITATION") -> String {
        """
        {"identifier": "\(id)",
         "content": {"title": "\(title)", "categoryIdentifier": "\(category)", "userInfo": {"MEETING_ID": "M-\(id)"}},
         "trigger": {"timeInterval": \(seconds), "repeats": false}}
        """
    }

    func pending(_ scene: Scene, app: String = Scene.appID) async throws -> [NotificationRequest] {
        let json = try await scene.center.call("GetPending", [.string(app)]).first?.as(String.self) ?? ""
        return try ModelJSON.decodeRequests(json)
    }

    @Test func aTwoSecondTriggerFiresOnScreenAndItsActionRoutes() async throws {
        let scene = try await Scene()
        _ = try await scene.center.call("Add", [.string(Scene.appID), .string(Self.request("in-2s", in: 2))])
        #expect(try await pending(scene).map(\.identifier) == ["in-2s"])
        #expect(try await pending(scene).first?.trigger == .timeInterval(2, repeats: false))
        #expect(try scene.desktop.displayedCount() == 0)  // not before its time

        try await scene.expectDisplayed(1)
        #expect(try await pending(scene).isEmpty)
        try scene.desktop.pick("ACCEPT_ACTION")
        let response = try await scene.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect(response.requestId == "in-2s" && response.actionIdentifier == "ACCEPT_ACTION")
        #expect(response.notification.content.userInfo["MEETING_ID"] == "M-in-2s")
    }

    /// usernoted's hidden test clock (`USERNOTED_CLOCK_RATE`, or `--clock-rate`): at 60 a
    /// repeating minute comes every real second, shown again in place; the 60 s minimum stays.
    @Test func withATestClockRateARepeatingMinuteShowsAgainInPlace() async throws {
        let scene = try await Scene(daemonEnvironment: ["USERNOTED_CLOCK_RATE": "60"])
        let tick = #"{"identifier": "tick", "content": {"title": "Tick"}, "trigger": {"timeInterval": %@, "repeats": true}}"#
        await #expect { _ = try await scene.center.call("Add", [.string(Scene.appID), .string(tick.replacingOccurrences(of: "%@", with: "30"))]) } throws: {
            ($0 as? DBusError)?.name.rawValue == "io.github.usernoted.Error.InvalidRequest"
        }
        _ = try await scene.center.call("Add", [.string(Scene.appID), .string(tick.replacingOccurrences(of: "%@", with: "60"))])
        let (first, shown) = try await scene.desktop.waitUntilShown("the first repeat") { $0.summary == "Tick" }
        let (_, again) = try await scene.desktop.waitUntilShown(from: first + 1, "the second repeat") { $0.summary == "Tick" }
        #expect(again.id == shown.id)  // replaced in place
        #expect(try scene.desktop.displayedCount() == 1)
        #expect(try await pending(scene).map(\.identifier) == ["tick"])
    }

    @Test func aRequestReplacedBeforeFiringFiresOnceWithTheNewContent() async throws {
        let scene = try await Scene()
        _ = try await scene.center.call("Add", [.string(Scene.appID), .string(Self.request("x", title: "Old time", in: 1))])
        _ = try await scene.center.call("Add", [.string(Scene.appID), .string(Self.request("x", title: "New time", in: 2))])
        #expect(try await pending(scene).map(\.content.title) == ["New time"])

        try await scene.expectDisplayed(1)
        try scene.desktop.dunstctl("action")
        let response = try await scene.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect(response.notification.content.title == "New time")
        try await scene.expectDisplayed(0)
        #expect(scene.handler.responses.pending.isEmpty)
    }

    @Test func removedRequestsNeverFireAndAppsSeeAndRemoveOnlyTheirOwn() async throws {
        let scene = try await Scene()
        let other = "org.example.Other"
        _ = try await scene.center.call("SetCategories", [.string(other), .string(Scene.meetingCategories)])
        _ = try await scene.center.call("Add", [.string(Scene.appID), .string(Self.request("mine", in: 2))])
        _ = try await scene.center.call("Add", [.string(Scene.appID), .string(Self.request("removed", in: 2))])
        _ = try await scene.center.call("Add", [.string(other), .string(Self.request("theirs", in: 2))])
        #expect(try await pending(scene, app: other).map(\.identifier) == ["theirs"])

        // The other app cannot remove ours, even by naming it.
        _ = try await scene.center.call("RemovePending", [.string(other), ["mine", "removed"].dbusValue])
        _ = try await scene.center.call("RemovePending", [.string(Scene.appID), ["removed"].dbusValue])
        #expect(try await pending(scene).map(\.identifier) == ["mine"])
        _ = try await scene.center.call("RemoveAllPending", [.string(other)])
        #expect(try await pending(scene, app: other).isEmpty)
        #expect(try await pending(scene).map(\.identifier) == ["mine"])

        try await scene.expectDisplayed(1)
        let delivered = try await scene.center.call("GetDelivered", [.string(Scene.appID)]).first?.as(String.self) ?? ""
        #expect(try ModelJSON.decodeRequests(delivered).map(\.identifier) == ["mine"])
        #expect(try await scene.center.call("GetDelivered", [.string(other)]).first?.as(String.self) == "[]")
    }

    @Test func aTriggerThatNeverFiresIsANamedError() async throws {
        let scene = try await Scene()
        let past = """
            {"content": {"title": "Too late"}, "trigger": {"dateComponents": {"year": 2020, "month": 1, "day": 1}, "repeats": false}}
            """
        await #expect {
            _ = try await scene.center.call("Add", [.string(Scene.appID), .string(past)])
        } throws: { error in
            guard let error = error as? DBusError else { return false }
            return error.name.rawValue == "io.github.usernoted.Error.InvalidRequest" && error.message.contains("never fires")
        }
        #expect(try await pending(scene).isEmpty)
    }

    @Test func aKilledDaemonComesBackWithEverythingAndTakesOverWhatIsOnScreen() async throws {
        let scene = try await Scene()
        for index in 0..<1000 {
            _ = try await scene.center.call("Add", [.string(Scene.appID), .string(Self.request("later-\(index)", in: 3600))])
        }
        for index in 0..<20 { try await scene.postMeeting("shown-\(index)") }
        try await scene.expectDisplayed(20)
        try await scene.daemon.serverIDsRecorded(20)

        scene.daemon.process.stop(signal: SIGKILL)
        let restarted = try await DaemonProcess(bus: scene.bus, environment: scene.desktop.environment)
        defer { restarted.stop() }
        let pending = try await pending(scene)
        #expect(pending.count == 1000)
        #expect(Set(pending.map(\.identifier)) == Set((0..<1000).map { "later-\($0)" }))
        try await scene.expectDisplayed(20)  // taken over in place, not shown twice
        // Until the new daemon has shown them again, the server sends their clicks to the dead one.
        try await restarted.process.waitForLog(containing: "took over notifications on screen")

        // The user answers a notification shown before the restart; the new daemon routes it
        // to the handler the app registered with the old one.
        try scene.desktop.pick("DECLINE_ACTION")
        let response = try await scene.handler.responses.next(within: .seconds(10), "DidReceive")
        #expect(response.actionIdentifier == "DECLINE_ACTION")
        #expect(response.requestId.hasPrefix("shown-"))
        #expect(response.notification.content.userInfo["MEETING_ID"] == .string("M-\(response.requestId)"))
        try await scene.expectDisplayed(19)
    }
}
