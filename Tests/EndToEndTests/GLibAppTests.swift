import DBus
import Foundation
import Testing
import TestSupport
import UsernotedAPI

/// A real GLib app (PyGObject's `Gio.Application`, `Fixtures/chat-app.py`) that knows nothing
/// of usernoted: it sends a `GNotification` and exits. GLib sends it to `org.gtk.Notifications`,
/// which the built daemon serves; dunst shows it; the user picks *Reply*; the bus starts the
/// app again from its `.service` file (as a GNOME app is installed) and its `app.reply` action
/// runs with the button's target.
@Suite(.serialized) struct GLibAppTests {
    static let appID = "org.example.Chat"
    static let python = "/usr/bin/python3"
    static let script = TestDesktop.fixtures.appending(path: "chat-app.py").path

    /// A scene whose daemon serves `org.gtk.Notifications`, which it asks for after its own
    /// name (the scene waits for that one only): sent before, GLib's call finds no owner and
    /// the notification is lost.
    static func scene() async throws -> Scene {
        let scene = try await Scene(registerHandler: false)
        try await scene.daemon.process.waitForLog(containing: "serving GLib apps' notifications")
        return scene
    }

    /// The app installed on the scene's bus, and its log: one line per thing it did, each with its pid.
    struct ChatApp {
        let bus: PrivateBus
        let environment: [String: String]
        let log: URL

        /// Installs the app's D-Bus activation file, as GNOME apps ship one.
        init(bus: PrivateBus, environment: [String: String]) throws {
            self.bus = bus
            self.environment = environment
            log = bus.directory.appending(path: "chat-app.log")
            try "".write(to: log, atomically: true, encoding: .utf8)
            try """
                [D-BUS Service]
                Name=\(GLibAppTests.appID)
                Exec=\(GLibAppTests.python) \(GLibAppTests.script) \(GLibAppTests.appID) \(log.path) --gapplication-service
                """.write(to: bus.servicesDirectory.appending(path: "\(GLibAppTests.appID).service"), atomically: true, encoding: .utf8)
        }

        /// Runs the app once with `mode` (`send`, `withdraw`) and waits until it has exited.
        func run(_ mode: String, _ id: String = "msg-1") async throws {
            let result = try await Command.runInBackground(
                GLibAppTests.python, [GLibAppTests.script, GLibAppTests.appID, log.path, mode, id], environment: environment)
            guard result.succeeded else { throw TestSupportError("chat-app.py \(mode) failed: \(result.errors)") }
        }

        /// The log's lines, each `what … pid`.
        var lines: [String] { ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }

        /// Waits until a line starts with `prefix`, and returns it.
        func waitForLine(_ prefix: String, within timeout: Duration = .seconds(20)) async throws -> String {
            try await withDeadline(timeout, "chat-app.py logging '\(prefix)'") {
                while true {
                    if let line = lines.first(where: { $0.hasPrefix(prefix) }) { return line }
                    try await Task.sleep(for: .milliseconds(20))
                }
            }
        }

        /// The pid at the end of a log line.
        static func pid(_ line: String) -> String { String(line.split(separator: " ").last ?? "") }
    }

    /// The app sent its notification and exited; the user picks Reply; the app is started by
    /// the bus and its reply action runs once with the button's target. Returns the app.
    static func pickReply(in scene: Scene, app: ChatApp, before pick: () async throws -> Void = {}) async throws {
        try await app.run("send")
        let sent = try #require(app.lines.first { $0.hasPrefix("sent ") })
        try await scene.expectDisplayed(1)
        try await pick()
        #expect(try await scene.app.nameOwner(appID) == nil, "the app is not running when the user answers")
        try scene.desktop.pick("Reply")
        let reply = try await app.waitForLine("reply ")
        #expect(reply.hasPrefix("reply anna "))
        let started = try #require(app.lines.first { $0.hasPrefix("started ") }, "started by D-Bus activation")
        #expect(ChatApp.pid(started) == ChatApp.pid(reply) && ChatApp.pid(reply) != ChatApp.pid(sent))
        try await scene.expectDisplayed(0)
        // Once: nothing more comes (a second delivery would follow at once, or after the 1 s retry).
        try await Task.sleep(for: .seconds(2))
        #expect(app.lines.filter { $0.hasPrefix("reply ") || $0.hasPrefix("open ") || $0.hasPrefix("activate ") } == [reply])
    }

    @Test func anExitedGLibAppIsStartedByTheClickAndItsReplyActionRunsOnceWithItsTarget() async throws {
        let scene = try await Self.scene()
        let app = try ChatApp(bus: scene.bus, environment: scene.desktop.environment)
        try await Self.pickReply(in: scene, app: app)
    }

    @Test func theReplyStillReachesTheAppAfterUsernotedIsKilledAndRestarted() async throws {
        let scene = try await Self.scene()
        let app = try ChatApp(bus: scene.bus, environment: scene.desktop.environment)
        var restarted: DaemonProcess?
        try await Self.pickReply(in: scene, app: app) {
            try await scene.daemon.serverIDsRecorded(1)
            scene.daemon.process.stop(signal: SIGKILL)
            restarted = try await DaemonProcess(bus: scene.bus, environment: scene.desktop.environment)
            // Until the new daemon has shown it again, dunst sends its clicks to the dead one.
            try await restarted?.process.waitForLog(containing: "took over notifications on screen")
        }
        restarted?.stop()
    }

    @Test func theReplyStillReachesTheAppAfterTheNotificationServerIsRestarted() async throws {
        let scene = try await Self.scene()
        let app = try ChatApp(bus: scene.bus, environment: scene.desktop.environment)
        try await Self.pickReply(in: scene, app: app) {
            scene.desktop.stopServer(signal: SIGKILL)
            try await scene.desktop.startServer()
            try await scene.expectDisplayed(1)
        }
    }

    @Test func theAppWithdrawingItsNotificationTakesItOffTheScreen() async throws {
        let scene = try await Self.scene()
        let app = try ChatApp(bus: scene.bus, environment: scene.desktop.environment)
        try await app.run("send")
        try await scene.expectDisplayed(1)
        try await app.run("withdraw")  // the app again, a second process: g_application_withdraw_notification
        try await scene.expectDisplayed(0)
        #expect(app.lines.filter { $0.hasPrefix("reply ") || $0.hasPrefix("started ") }.isEmpty)
    }

    /// On GNOME, GNOME Shell owns `org.gtk.Notifications` first: usernoted leaves it alone and
    /// says so, and the GLib app's notification goes to GNOME Shell, not through usernoted.
    @Test func theNameIsLeftAloneWhenAStandInGNOMEShellOwnsItFirst() async throws {
        let bus = try PrivateBus()
        let desktop = try await TestDesktop(bus: bus)
        let shell = try await bus.connect()
        let added = Inbox<(String, String, String)>()
        shell.export([Interface(GtkNotifications.interface, methods: [
            Method(GtkNotifications.addNotification) { _, app, id, notification in
                added.put((app, id, notification["title"]?.as(String.self) ?? ""))
            },
            Method(GtkNotifications.removeNotification) { _, _, _ in },
        ])], at: GtkNotifications.path)
        // As GNOME Shell does: Gio.DBus.session.own_name('org.gtk.Notifications', REPLACE).
        #expect(try await shell.requestName(GtkNotifications.busName, flags: [.replaceExisting]) == .primaryOwner)

        let daemon = try await DaemonProcess(bus: bus, environment: desktop.environment)
        try await daemon.process.waitForLog(containing: "leaving it alone")
        #expect(try await shell.nameOwner(GtkNotifications.busName) == shell.uniqueName)

        let app = try ChatApp(bus: bus, environment: desktop.environment)
        try await app.run("send")
        let (appID, id, title) = try await added.next(within: .seconds(10), "AddNotification at the stand-in")
        #expect(appID == Self.appID && id == "msg-1" && title == "Anna")
        #expect(try desktop.displayedCount() == 0)
        #expect(daemon.process.log.components(separatedBy: "org.gtk.Notifications has an owner").count == 2, "said once")
    }
}
