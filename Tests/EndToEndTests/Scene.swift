import UsernotedAPI
import DBus
import Foundation
import TestSupport
import UserNotificationsCore

/// Everything an end-to-end test needs, really started: a private bus, Xvfb with dunst,
/// the built usernoted, and an app connection with a registered handler.
struct Scene {
    let bus: PrivateBus
    let desktop: TestDesktop
    let daemon: DaemonProcess
    let app: Connection
    let handler: RecordingHandler
    let center: Proxy

    static let appID = "org.example.Calendar"

    /// Apple's meeting-invitation category, with `customDismissAction`.
    static let meetingCategories = """
        [{"identifier": "MEETING_INVITATION",
          "actions": [{"identifier": "ACCEPT_ACTION", "title": "Accept"},
                      {"identifier": "DECLINE_ACTION", "title": "Decline"}],
          "options": ["customDismissAction"]},
         {"identifier": "REMINDER",
          "actions": [{"identifier": "SNOOZE_ACTION", "title": "Snooze"}]}]
        """

    static func meetingRequest(id: String, category: String = "MEETING_INVITATION") -> String {
        """
        {"identifier": "\(id)",
         "content": {"title": "Weekly Staff Meeting", "body": "Every Tuesday at 2pm",
                     "categoryIdentifier": "\(category)",
                     "userInfo": {"MEETING_ID": "M-\(id)", "USER_ID": "U-42"}}}
        """
    }

    /// The Debian releases whose servers the end-to-end essentials run on: this machine's, and
    /// Debian 13's where its chroot is made (`.ci/run` makes it, and sets
    /// `USERNOTED_DEBIAN13=required`, under which a missing chroot fails the tests instead of
    /// leaving them out). `USERNOTED_RELEASES` (`testing`, as `make matrix DEBIAN=testing` sets
    /// it) names the releases instead.
    static let releases: [DebianRelease] = {
        let environment = ProcessInfo.processInfo.environment
        if let named = environment["USERNOTED_RELEASES"] {
            return named.split(separator: ",").compactMap { DebianRelease.named(String($0)) }
        }
        let required = environment["USERNOTED_DEBIAN13"] == "required"
        return [.host] + (DebianRelease.trixie.unavailable == nil || required ? [.trixie] : [])
    }()

    /// Starts everything with `server` showing; `config` is the daemon's config.toml, if any,
    /// and `daemonEnvironment` adds to its environment.
    init(
        registerHandler: Bool = true, config: String? = nil, daemonEnvironment: [String: String] = [:],
        server: NotificationServerKind = .dunst
    ) async throws {
        bus = try PrivateBus()
        desktop = try await TestDesktop(bus: bus, server: server)
        var arguments: [String] = []
        if let config {
            let file = bus.directory.appending(path: "config.toml")
            try config.write(to: file, atomically: true, encoding: .utf8)
            arguments = ["--config", file.path]
        }
        daemon = try await DaemonProcess(
            bus: bus, environment: desktop.environment.merging(daemonEnvironment) { $1 }, arguments: arguments)
        app = try await bus.connect()
        handler = RecordingHandler(connection: app)
        center = Proxy.usernotedCenter(on: app)
        _ = try await center.call("SetCategories", [.string(Self.appID), .string(Self.meetingCategories)])
        if registerHandler { try await self.registerHandler() }
    }

    func registerHandler() async throws {
        _ = try await center.call("RegisterHandler", [.string(Self.appID), .objectPath(handler.path)])
    }

    /// Posts the meeting invitation `id`; returns once dunst shows it.
    @discardableResult
    func postMeeting(_ id: String, category: String = "MEETING_INVITATION") async throws -> String {
        let reply = try await center.call("Add", [.string(Self.appID), .string(Self.meetingRequest(id: id, category: category))])
        return reply.first?.as(String.self) ?? ""
    }

    /// Posts the meeting invitation `id` alone on screen, closes it in dunst, and returns the
    /// next response the handler gets: its `dismiss`, unless an earlier response was waiting.
    func closeFreshInvitation(_ id: String) async throws -> NotificationResponse {
        try await postMeeting(id)
        try await expectDisplayed(1)
        try desktop.dunstctl("close")
        return try await handler.responses.next(within: .seconds(10), "DidReceive")
    }

    /// Waits until dunst shows exactly `count` notifications (it redraws asynchronously after a close).
    func expectDisplayed(_ count: Int) async throws {
        let desktop = desktop
        do {
            _ = try await withDeadline(.seconds(10), "dunst showing \(count) notifications") {
                while try desktop.displayedCount() != count { try await Task.sleep(for: .milliseconds(20)) }
                return true
            }
        } catch {
            // What dunst and usernoted were doing, for a failure seen only in CI.
            let shown = (try? desktop.displayedCount()).map(String.init) ?? "?"
            let waiting = (try? desktop.dunstctl("count", "waiting")) ?? "?"
            throw TestSupportError("\(error) (dunst shows \(shown), \(waiting) waiting); usernoted's log: \(daemon.process.log.suffix(1500))")
        }
    }
}
