#if canImport(Glibc)
import Glibc
#endif
import DBus
import Foundation
import Testing
import TestSupport
import UsernotedAPI

/// Apps that notify through the Notification portal, as Flatpak apps do: the real
/// xdg-desktop-portal 1.20 (Debian 13's chroot) on the test's bus, choosing usernoted with the
/// shipped `usernoted.portal` and a `portals.conf`; the built daemon; dunst, clicked through
/// its menu. The app registers its id with the portal's host registry, as an unsandboxed app does.
@Suite(.serialized) struct PortalTests {
    static let appID = GLibAppTests.appID
    static let path: ObjectPath = "/org/freedesktop/portal/desktop"

    /// An app talking to the portal only.
    struct PortalApp {
        let connection: Connection
        let portal: Proxy

        /// Connects and registers `appID` with the portal's registry.
        init(bus: PrivateBus, appID: String = PortalTests.appID) async throws {
            connection = try await bus.connect()
            _ = try await connection.call(
                destination: XdgDesktopPortal.busName, path: PortalTests.path, interface: XdgDesktopPortal.registry,
                method: "Register", [.string(appID), [String: Value]().dbusValue])
            portal = Proxy(connection: connection, destination: XdgDesktopPortal.busName, path: PortalTests.path,
                           interface: XdgDesktopPortal.notification)
        }

        /// The portal's property `name`, as the app reads it.
        func property(_ name: String) async throws -> Value {
            try await connection.property(name, of: XdgDesktopPortal.notification, at: PortalTests.path, on: XdgDesktopPortal.busName)
        }

        func add(_ id: String, _ notification: [String: Value]) async throws {
            _ = try await portal.call("AddNotification", [.string(id), notification.dbusValue])
        }

        /// The next `ActionInvoked(id, action, parameter)` in `signals`, the portal's to this app.
        func actionInvoked(_ signals: SignalStream) async throws -> (id: String?, action: String?, parameter: [Value]) {
            let signal = try await withDeadline(.seconds(10), "the portal's ActionInvoked") { await signals.first { _ in true } }
            let body = try #require(signal).body
            guard body.count == 3, case .array(_, let parameter) = body[2] else { throw TestSupportError("not ActionInvoked(s, s, av): \(body)") }
            return (body[0].as(String.self), body[1].as(String.self), parameter)
        }
    }

    /// A call invitation with a non-exported Accept (the portal's signal) and an exported
    /// Reply (`app.reply`, which D-Bus activation can start the app for).
    static let invitation: [String: Value] = [
        "title": .string("Anna"), "body": .string("Are you coming?"), "category": .string("im.received"),
        "buttons": [
            ["label": Value.string("Accept"), "action": .string("accept"), "target": .string("call-7")],
            ["label": Value.string("Reply"), "action": .string("app.reply"), "target": .string("anna")],
        ].dbusValue,
    ]

    /// The app sends `notification` as `msg-1`; the user picks Accept in dunst's menu; the
    /// portal's `ActionInvoked` reaches the app for `accept`: its parameter.
    static func acceptInDunst(_ notification: [String: Value], sentBy app: PortalApp, in scene: Scene) async throws -> [Value] {
        let signals = try await app.portal.signals("ActionInvoked")
        try await app.add("msg-1", notification)
        try await scene.expectDisplayed(1)
        try scene.desktop.pick("Accept")
        let (id, action, parameter) = try await app.actionInvoked(signals)
        #expect(id == "msg-1" && action == "accept")
        return parameter
    }

    static func portal(for scene: Scene) async throws -> XdgDesktopPortal {
        try await XdgDesktopPortal(bus: scene.bus, environment: scene.desktop.environment, apps: [appID])
    }

    @Test func anAppReadsVersion2AndItsButtonReachesItAsThePortalsActionInvoked() async throws {
        let scene = try await Scene(registerHandler: false)
        let portal = try await Self.portal(for: scene)
        let app = try await PortalApp(bus: scene.bus)
        #expect(try await app.property("version").as(UInt32.self) == 2)
        let options = try #require(try await app.property("SupportedOptions").as([String: Value].self))
        #expect(options["button-purpose"]?.as([String].self)?.contains("im.reply-with-text") == true)
        #expect(options["category"]?.as([String].self)?.contains("call.incoming") == true)
        let parameter = try await Self.acceptInDunst(Self.invitation, sentBy: app, in: scene)
        #expect(parameter.first == .variant(.string("call-7")), "the button's target first")
        try await scene.expectDisplayed(0)
        _ = portal
    }

    enum Restart: String, CaseIterable, CustomStringConvertible {
        case nothing, usernoted, dunst
        var description: String { rawValue }
    }

    /// The app sent its notification and exited; `restarted` went down and came back; the user
    /// picks Reply: the bus starts the app and its exported action runs once, with its target.
    @Test(arguments: Restart.allCases)
    func anExitedAppIsStartedByTheClickAndItsActionRunsOnce(restarting restarted: Restart) async throws {
        let scene = try await Scene(registerHandler: false)
        let portal = try await Self.portal(for: scene)
        let chat = try GLibAppTests.ChatApp(bus: scene.bus, environment: scene.desktop.environment)
        let app = try await PortalApp(bus: scene.bus)
        try await app.add("msg-1", Self.invitation)
        try await scene.expectDisplayed(1)
        app.connection.close()  // the app exits
        var daemon: DaemonProcess?
        switch restarted {
        case .nothing: break
        case .usernoted:
            try await scene.daemon.serverIDsRecorded(1)
            scene.daemon.process.stop(signal: SIGKILL)
            daemon = try await DaemonProcess(bus: scene.bus, environment: scene.desktop.environment)
            // Until the new daemon has shown it again, dunst sends its clicks to the dead one.
            try await daemon?.process.waitForLog(containing: "took over notifications on screen")
        case .dunst:
            scene.desktop.stopServer(signal: SIGKILL)
            try await scene.desktop.startServer()
            try await scene.expectDisplayed(1)
        }
        defer { daemon?.stop() }
        #expect(try await scene.app.nameOwner(Self.appID) == nil, "the app is not running when the user answers")
        try scene.desktop.pick("Reply")
        let reply = try await chat.waitForLine("reply ")
        #expect(reply.hasPrefix("reply anna "))
        #expect(chat.lines.contains { $0.hasPrefix("started ") }, "started by D-Bus activation")
        try await scene.expectDisplayed(0)
        // Once: nothing more comes (a second delivery would follow at once, or after the 1 s retry).
        try await Task.sleep(for: .seconds(2))
        #expect(chat.lines.filter { $0.hasPrefix("reply ") } == [reply])
        _ = portal
    }

    /// A chat message as a Flatpak messenger sends it: the sender's picture as an icon file,
    /// a link in its markup body, and `persistent`. dunst reads body markup: its menu offers
    /// the link; its image is usernoted's copy of the icon, which outlives the app's file; and
    /// the notification does not expire.
    @Test func anIconALinkAndPersistenceReachDunst() async throws {
        let scene = try await Scene(registerHandler: false)
        let portal = try await Self.portal(for: scene)
        let app = try await PortalApp(bus: scene.bus)
        let png = [UInt8](Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")!)
        let icon = try XdgDesktopPortal.iconFile(png)
        try await app.add("msg-1", [
            "title": .string("Anna"), "markup-body": .string(#"See <a href="https://example.org/plan">the plan</a>"#),
            "icon": .structure([.string("file-descriptor"), .variant(.unixFD(icon))]), "display-hint": ["persistent"].dbusValue,
        ])
        close(icon.rawValue)
        try await scene.expectDisplayed(1)
        let offered = try await MarkupTests.contextMenu(scene.desktop)
        #expect(offered.contains("[the plan]"), "dunst offers the link: \(offered)")
        try scene.desktop.dunstctl("close")
        try await scene.expectDisplayed(0)
        let entry = try #require(try MarkupTests.history(scene.desktop).first)
        let shownIcon = try #require(entry["icon_path"] as? String, "\(entry)")
        #expect(shownIcon.hasPrefix(scene.daemon.home.appending(path: "state/usernoted/icons").path), "\(shownIcon)")
        #expect(try Data(contentsOf: URL(filePath: shownIcon)) == Data(png))
        #expect(entry["timeout"] as? Int == 0, "never expires: \(entry)")
        _ = portal
    }

    /// The backend believes `app_id` from the portal alone: an app calling it directly, in
    /// another app's name, is refused; through the portal, the same notification is shown.
    @Test func anAppCallingTheBackendDirectlyIsRefused() async throws {
        let scene = try await Scene(registerHandler: false)
        let portal = try await Self.portal(for: scene)
        let app = try await PortalApp(bus: scene.bus)
        let backend = Proxy(connection: app.connection, destination: PortalNotification.busName, path: PortalNotification.path,
                            interface: PortalNotification.interface)
        await #expect { try await backend.call(PortalNotification.addNotification, "org.example.Bank", "x", Self.invitation) } throws: {
            ($0 as? DBusError)?.name.rawValue == "org.freedesktop.DBus.Error.AccessDenied"
        }
        #expect(try scene.desktop.displayedCount() == 0)
        try await app.add("msg-1", Self.invitation)
        try await scene.expectDisplayed(1)
        _ = portal
    }

    /// xdg-desktop-portal-gnome as the backend (where it is the desktop's choice without GNOME
    /// Shell, as on niri): it sends the portal's notifications to `org.gtk.Notifications`,
    /// which usernoted serves, and answers a non-exported button from that interface's
    /// `ActionInvoked` signal, which usernoted emits as GNOME Shell 47+ does.
    @Test func withTheGNOMEBackendAButtonIsAnsweredThroughOrgGtkNotifications() async throws {
        let scene = try await Scene(registerHandler: false)
        let backend = try await XdgDesktopPortal.gnomeBackend(bus: scene.bus, environment: scene.desktop.environment)
        defer { backend.stop() }
        let portal = try await XdgDesktopPortal(
            bus: scene.bus, setup: .releaseBackend("gnome"), environment: scene.desktop.environment, apps: [Self.appID])
        let app = try await PortalApp(bus: scene.bus)
        let parameter = try await Self.acceptInDunst(Self.invitation, sentBy: app, in: scene)
        #expect(parameter.first == .variant(.string("call-7")), "the button's target")
        _ = portal
    }

    /// Plasma 6.3 (Debian 13's libnotificationmanager) as the server: a chat message's
    /// `im.reply-with-text` button is Plasma's inline reply, and the text typed there reaches
    /// the running app as the third value of the portal's `ActionInvoked`.
    @Test(.enabled(if: PlasmaServer.unavailable == nil, Comment(rawValue: PlasmaServer.unavailable ?? "")))
    func onPlasma6AReplyTypedInlineReachesTheApp() async throws {
        let bus = try PrivateBus()
        let server = try await PlasmaServer(bus: bus, release: .trixie)
        let daemon = try await DaemonProcess(bus: bus)
        defer { daemon.stop() }
        let portal = try await XdgDesktopPortal(bus: bus, environment: bus.environment, apps: [Self.appID])
        let app = try await PortalApp(bus: bus)
        let signals = try await app.portal.signals("ActionInvoked")
        try await app.add("msg-1", [
            "title": .string("Anna"), "body": .string("Are you coming?"), "category": .string("im.received"),
            "buttons": [["label": Value.string("Reply"), "action": .string("reply"), "target": .string("anna"),
                         "purpose": .string("im.reply-with-text")]].dbusValue,
        ])
        let shown = try await server.waitUntilShown("Anna")
        #expect(shown.hasReply, "Plasma offers its inline reply for the portal's reply button")
        try await server.user("reply \(shown.id) On my way")
        let (id, action, parameter) = try await app.actionInvoked(signals)
        #expect(id == "msg-1" && action == "reply")
        #expect(parameter.first == .variant(.string("anna")) && parameter.last == .variant(.string("On my way")), "target first, the typed text last")
        _ = portal
    }
}
