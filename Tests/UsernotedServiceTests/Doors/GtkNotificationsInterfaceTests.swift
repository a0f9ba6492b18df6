import DBus
import Foundation
import Testing
import TestSupport
import UserNotificationsCore
import UsernotedAPI
@testable import UsernotedService

/// A GLib app as GApplication is on the bus: owning its app id and serving
/// `org.freedesktop.Application`, recording each activation.
struct FakeGApplication {
    static let id = "org.example.Chat"
    let connection: Connection
    /// `ActivateAction`'s action name and parameter, or `Activate` with no parameter.
    let activations = Inbox<(String, [Value], [String: Value])>()

    init(bus: PrivateBus) async throws {
        connection = try await bus.connect()
        let activations = activations
        connection.export([Interface("org.freedesktop.Application", methods: [
            Method(ApplicationActivation.activateAction) { _, name, parameter, platformData in
                activations.put((name, parameter, platformData))
            },
            Method(ApplicationActivation.activate) { _, platformData in activations.put(("Activate", [], platformData)) },
        ])], at: "/org/example/Chat")
        _ = try await connection.requestName(Self.id)
    }
}

@Suite struct GtkNotificationsInterfaceTests {
    static let buttons = GLibNotificationTests.issueExample

    /// Waits until `name` has an owner other than nobody, and returns it.
    static func owner(of name: String, on connection: Connection) async throws -> String {
        try await withDeadline(.seconds(10), "\(name) owned") {
            while true {
                if let owner = try await connection.nameOwner(name) { return owner }
                try await Task.sleep(for: .milliseconds(10))
            }
        }
    }

    static func scene(gtk: GtkPolicy = GtkPolicy(), bus: PrivateBus? = nil, log: LogRecorder = LogRecorder()) async throws -> (RouterScene, Proxy) {
        let scene = try await RouterScene(log: log, bus: bus, gtk: gtk)
        if gtk.serve == .auto, bus == nil {
            #expect(try await owner(of: GtkNotifications.busName, on: scene.scene.app) == scene.scene.daemon.connection.uniqueName)
        }
        let glib = Proxy(connection: scene.scene.app, destination: GtkNotifications.busName, path: GtkNotifications.path,
                         interface: GtkNotifications.interface)
        return (scene, glib)
    }

    @Test func aGLibNotificationIsShownWithItsButtonsAndTheSameIDReplacesIt() async throws {
        let (scene, glib) = try await Self.scene()
        try await glib.call(GtkNotifications.addNotification, FakeGApplication.id, "msg-1", Self.buttons)
        let shown = try await scene.server.notifyCalls.next(within: .seconds(10), "Notify")
        #expect(shown.summary == "Anna" && shown.body == "Are you coming?")
        #expect(shown.actionKeys == ["default", "app.reply"] && shown.label(ofAction: "app.reply") == "Reply")
        #expect(shown.hint("desktop-entry", as: String.self) == FakeGApplication.id)
        var urgent = Self.buttons
        urgent["priority"] = .string("urgent")
        urgent["body"] = .string("Now!")
        try await glib.call(GtkNotifications.addNotification, FakeGApplication.id, "msg-1", urgent)
        let replaced = try await scene.server.notifyCalls.next(within: .seconds(10), "Notify")
        #expect(replaced.replacesID == shown.id && replaced.body == "Now!")
        #expect(replaced.hint("urgency", as: UInt8.self) == 2)
    }

    /// xdg-desktop-portal-gnome sends every Flatpak app's notifications here on one connection,
    /// without waiting: a burst of 600 from ten apps is all shown, where any other caller has
    /// 256 calls waiting at most.
    @Test func aBurstFromTheGNOMEPortalBackendIsAllShown() async throws {
        let (scene, _) = try await Self.scene()
        let backend = try await scene.bus.connect()
        #expect(try await backend.requestName(GtkNotificationsInterface.gnomePortalBackend) == .primaryOwner)
        let glib = Proxy(connection: backend, destination: GtkNotifications.busName, path: GtkNotifications.path, interface: GtkNotifications.interface)
        try await PortalNotificationInterfaceTests.expectBurstShown(on: scene.server) { app, id in
            try await glib.call(GtkNotifications.addNotification, app, id, Self.buttons)
        }
    }

    @Test func aButtonActivatesTheAppsActionWithItsTargetOnceAndTheBodyItsDefaultAction() async throws {
        let (scene, glib) = try await Self.scene()
        let app = try await FakeGApplication(bus: scene.bus)
        try await glib.call(GtkNotifications.addNotification, FakeGApplication.id, "msg-1", Self.buttons)
        let shown = try await scene.server.notifyCalls.next(within: .seconds(10), "Notify")
        try await scene.server.emitActivationToken(id: shown.id, token: "token-7")
        try await scene.server.emitActionInvoked(id: shown.id, key: "app.reply")
        let (name, parameter, platformData) = try await app.activations.next(within: .seconds(10), "ActivateAction")
        #expect(name == "reply" && parameter == [.string("anna")])
        #expect(platformData["activation-token"] == .string("token-7") && platformData["desktop-startup-id"] == .string("token-7"))
        _ = try await scene.server.closeCalls.next(within: .seconds(10), "CloseNotification")  // answered: taken off the screen
        try await scene.expectWaiting(0)
        #expect(app.activations.pending.isEmpty)

        try await glib.call(GtkNotifications.addNotification, FakeGApplication.id, "msg-2", Self.buttons)
        let second = try await scene.server.notifyCalls.next(within: .seconds(10), "Notify")
        try await scene.server.emitActionInvoked(id: second.id, key: "default")
        let (open, openParameter, _) = try await app.activations.next(within: .seconds(10), "ActivateAction")
        #expect(open == "open" && openParameter.isEmpty)
    }

    @Test func aBodyClickWithoutADefaultActionActivatesTheApp() async throws {
        let (scene, glib) = try await Self.scene()
        let app = try await FakeGApplication(bus: scene.bus)
        try await glib.call(GtkNotifications.addNotification, FakeGApplication.id, "plain", ["title": Value.string("Hello")])
        let shown = try await scene.server.notifyCalls.next(within: .seconds(10), "Notify")
        #expect(shown.actionKeys == ["default"])
        try await scene.server.emitActionInvoked(id: shown.id, key: "default")
        let (name, parameter, _) = try await app.activations.next(within: .seconds(10), "Activate")
        #expect(name == "Activate" && parameter.isEmpty)
    }

    @Test func aGLibResponseGoesToTheAppsActionEvenWhenItRegisteredAHandler() async throws {
        let (scene, glib) = try await Self.scene()
        let app = try await FakeGApplication(bus: scene.bus)
        let handler = try await scene.handler()
        _ = try await Proxy.usernotedCenter(on: handler.connection).call(
            "RegisterHandler", [.string(FakeGApplication.id), .objectPath(handler.path)])
        try await glib.call(GtkNotifications.addNotification, FakeGApplication.id, "msg-1", Self.buttons)
        let shown = try await scene.server.notifyCalls.next(within: .seconds(10), "Notify")
        try await scene.server.emitActionInvoked(id: shown.id, key: "app.reply")
        #expect(try await app.activations.next(within: .seconds(10), "ActivateAction").0 == "reply")
        #expect(handler.calls.pending.isEmpty)
    }

    /// An action outside `app.` (xdg-desktop-portal-gnome's notifications have them): the
    /// signal GNOME Shell 47+ emits, with the target and the activation token, which that
    /// backend passes on to the portal.
    @Test func anActionOutsideTheAppNamespaceIsTheActionInvokedSignal() async throws {
        let (scene, glib) = try await Self.scene()
        let signals = try await glib.signals(GtkNotifications.actionInvoked.name)
        try await glib.call(GtkNotifications.addNotification, FakeGApplication.id, "msg-1", [
            "title": Value.string("Anna"), "buttons": .array(.dictionary(key: .string, value: .variant), [
                GLibNotificationTests.button("Accept", "accept", target: .string("call-7"))])])
        let shown = try await scene.server.notifyCalls.next(within: .seconds(10), "Notify")
        try await scene.server.emitActivationToken(id: shown.id, token: "token-7")
        try await scene.server.emitActionInvoked(id: shown.id, key: "accept")
        let signal = try #require(try await withDeadline(.seconds(10), "ActionInvoked") { await signals.first { _ in true } })
        let (app, id, action, parameter, platformData) = try GtkNotifications.actionInvoked.arguments(of: signal)
        #expect(app == FakeGApplication.id && id == "msg-1" && action == "accept" && parameter == [.string("call-7")])
        #expect(platformData == ["activation-token": .string("token-7")])
        _ = try await scene.server.closeCalls.next(within: .seconds(10), "CloseNotification")
    }

    @Test func removeNotificationTakesItOffTheScreen() async throws {
        let (scene, glib) = try await Self.scene()
        try await glib.call(GtkNotifications.addNotification, FakeGApplication.id, "msg-1", Self.buttons)
        let shown = try await scene.server.notifyCalls.next(within: .seconds(10), "Notify")
        try await glib.call(GtkNotifications.removeNotification, FakeGApplication.id, "msg-1")
        #expect(try await scene.server.closeCalls.next(within: .seconds(10), "CloseNotification") == shown.id)
        try await glib.call(GtkNotifications.removeNotification, FakeGApplication.id, "never-sent")  // ignored, as GNOME Shell does
    }

    @Test func malformedInputIsANamedErrorAndTheDaemonCarriesOn() async throws {
        let (scene, glib) = try await Self.scene()
        await #expect { try await glib.call(GtkNotifications.addNotification, FakeGApplication.id, "m", ["title": Value.uint32(1)]) } throws: {
            isDBusError($0, "io.github.usernoted.Error.InvalidRequest", "notification.title: is 'u'")
        }
        await #expect { try await glib.call(GtkNotifications.addNotification, "not an app id", "m", ["title": Value.string("T")]) } throws: {
            isDBusError($0, "io.github.usernoted.Error.InvalidAppId")
        }
        try await glib.call(GtkNotifications.addNotification, FakeGApplication.id, "ok", ["title": Value.string("Still here")])
        #expect(try await scene.server.notifyCalls.next(within: .seconds(10), "Notify").summary == "Still here")
    }

    @Test func theShippedInterfaceXMLIsWhatTheDaemonServes() async throws {
        let (scene, _) = try await Self.scene()
        let served = try #require(try await scene.scene.app.call(
            destination: GtkNotifications.busName, path: GtkNotifications.path,
            interface: "org.freedesktop.DBus.Introspectable", method: "Introspect").first?.as(String.self))
        let installed = try String(contentsOf: repositoryRoot.appending(path: "dbus/org.gtk.Notifications.xml"), encoding: .utf8)
        func interface(_ xml: String) -> Substring? {
            guard let start = xml.range(of: #"<interface name="org.gtk.Notifications">"#),
                  let end = xml.range(of: "</interface>", range: start.upperBound..<xml.endIndex)
            else { return nil }
            return xml[start.lowerBound..<end.upperBound]
        }
        let servedInterface = try #require(interface(served))
        #expect(interface(installed) == servedInterface, "update dbus/org.gtk.Notifications.xml from Introspect")
    }

    /// Another program owns the name first: usernoted leaves it alone, says so once, and GLib
    /// apps' calls keep going to that owner. The owner here even allows replacement (GNOME
    /// Shell does not), so only usernoted's not asking to replace keeps it.
    @Test func theNameIsLeftAloneWhenAnotherProgramHasIt() async throws {
        let bus = try PrivateBus()
        let shell = try await bus.connect()
        #expect(try await shell.requestName(GtkNotifications.busName, flags: [.allowReplacement]) == .primaryOwner)
        let log = LogRecorder()
        let (scene, _) = try await Self.scene(bus: bus, log: log)
        _ = try await withDeadline(.seconds(10), "the log line") {
            while !log.messages.contains(where: { $0.contains("leaving it alone") }) { try await Task.sleep(for: .milliseconds(10)) }
            return true
        }
        #expect(try await scene.scene.app.nameOwner(GtkNotifications.busName) == shell.uniqueName)
        #expect(log.messages.filter { $0.contains("org.gtk.Notifications") }.count == 1)
        // Not in the queue behind it either: when GNOME Shell quits, nobody has the name.
        shell.close()
        try await Task.sleep(for: .milliseconds(200))
        #expect(try await scene.scene.app.nameOwner(GtkNotifications.busName) == nil)
    }

    /// GNOME Shell starting later asks to replace the owner, and gets the name.
    @Test func gnomeShellStartingLaterTakesTheNameOver() async throws {
        let log = LogRecorder()
        let (scene, _) = try await Self.scene(log: log)
        let shell = try await scene.bus.connect()
        #expect(try await shell.requestName(GtkNotifications.busName, flags: [.replaceExisting]) == .primaryOwner)
        _ = try await withDeadline(.seconds(10), "the log line") {
            while !log.messages.contains(where: { $0.contains("took over org.gtk.Notifications") }) { try await Task.sleep(for: .milliseconds(10)) }
            return true
        }
    }

    @Test func serveNeverLeavesTheNameToEveryone() async throws {
        let log = LogRecorder()
        let (scene, _) = try await Self.scene(gtk: GtkPolicy(serve: .never), log: log)
        #expect(try await scene.scene.app.nameOwner(GtkNotifications.busName) == nil)
        #expect(log.messages.contains { $0.contains("not serving org.gtk.Notifications") })
    }
}
