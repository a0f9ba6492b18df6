#if canImport(Glibc)
import Glibc
#endif
import DBus
import Foundation
import Testing
import TestSupport
import UserNotificationsCore
import UsernotedAPI
@testable import UsernotedService

/// The Notification portal's backend as the daemon serves it, called by a stand-in for
/// xdg-desktop-portal (a connection owning its name) on a real bus; the real portal drives
/// it end to end in `PortalTests`.
@Suite struct PortalNotificationInterfaceTests {
    /// The scene and the frontend's proxy of the backend.
    static func scene(logind: FakeLogind? = nil, capabilities: [String] = ["actions", "body"]) async throws -> (RouterScene, Proxy) {
        let scene = try await RouterScene(capabilities: capabilities, logind: logind)
        _ = try await GtkNotificationsInterfaceTests.owner(of: PortalNotification.busName, on: scene.scene.app)
        let frontend = try await scene.bus.connect()
        #expect(try await frontend.requestName(PortalNotification.frontendName) == .primaryOwner)
        return (scene, Self.backend(on: frontend))
    }

    static func backend(on connection: Connection) -> Proxy {
        Proxy(connection: connection, destination: PortalNotification.busName, path: PortalNotification.path, interface: PortalNotification.interface)
    }

    @Test func theFrontendsNotificationIsShownUnderItsAppAndItsVersionIs2() async throws {
        let (scene, backend) = try await Self.scene()
        try await backend.call(PortalNotification.addNotification, FakeGApplication.id, "call-7", PortalMappingTests.call)
        let shown = try await scene.server.notifyCalls.next(within: .seconds(10), "Notify")
        #expect(shown.summary == "Anna calling" && shown.hint("desktop-entry", as: String.self) == FakeGApplication.id)
        #expect(shown.actionKeys == ["default", "app.accept", "decline"] && shown.label(ofAction: "app.accept") == "Accept")
        let frontend = backend.connection
        func property(_ name: String) async throws -> Value {
            try await frontend.property(name, of: PortalNotification.interface, at: PortalNotification.path, on: PortalNotification.busName)
        }
        #expect(try await property("version").as(UInt32.self) == 2)
        let options = try #require(try await property("SupportedOptions").as([String: Value].self))
        #expect(options["button-purpose"]?.as([String].self)?.contains("im.reply-with-text") == true)
        try await backend.call(PortalNotification.removeNotification, FakeGApplication.id, "call-7")
        #expect(try await scene.server.closeCalls.next(within: .seconds(10), "CloseNotification") == shown.id)
    }

    /// Only the frontend vouches for the app id: an app calling the backend itself, naming
    /// another app, is refused and nothing is shown.
    @Test func aCallerThatIsNotTheFrontendIsRefused() async throws {
        let (scene, _) = try await Self.scene()
        let intruder = Self.backend(on: scene.scene.app)
        await #expect { try await intruder.call(PortalNotification.addNotification, FakeGApplication.id, "x", PortalMappingTests.message) } throws: {
            isDBusError($0, "org.freedesktop.DBus.Error.AccessDenied", "portal frontend")
        }
        await #expect { try await intruder.call(PortalNotification.removeNotification, FakeGApplication.id, "x") } throws: {
            isDBusError($0, "org.freedesktop.DBus.Error.AccessDenied")
        }
        let delivered = try await Proxy.usernotedCenter(on: scene.scene.app).call("GetDelivered", [.string(FakeGApplication.id)])
        #expect(delivered.first?.as(String.self) == "[]")
    }

    /// A non-exported button: the portal's `ActionInvoked` with the target, the platform
    /// data and the typed reply; a running app is not activated.
    @Test func anInlineReplyIsThePortalsActionInvokedWithTheText() async throws {
        let (scene, backend) = try await Self.scene()
        let app = try await FakeGApplication(bus: scene.bus)
        let signals = try await backend.signals(PortalNotification.actionInvoked.name)
        try await backend.call(PortalNotification.addNotification, FakeGApplication.id, "msg-1", PortalMappingTests.message)
        let shown = try await scene.server.notifyCalls.next(within: .seconds(10), "Notify")
        try await scene.server.emitActivationToken(id: shown.id, token: "token-7")
        try await scene.server.emitNotificationReplied(id: shown.id, text: "On my way")
        let signal = try #require(try await withDeadline(.seconds(10), "ActionInvoked") { await signals.first { _ in true } })
        let (appID, id, action, parameter) = try PortalNotification.actionInvoked.arguments(of: signal)
        #expect(appID == FakeGApplication.id && id == "msg-1" && action == "reply")
        #expect(parameter.count == 3 && parameter.first == .string("anna") && parameter.last == .string("On my way"))
        #expect(parameter.dropFirst().first?.as([String: Value].self) == ["activation-token": .string("token-7"), "desktop-startup-id": .string("token-7")])
        try await scene.expectWaiting(0)
        #expect(app.activations.pending.isEmpty)
    }

    /// `show-as-new`: the old notification leaves the screen and the new one comes afresh
    /// instead of replacing it in place.
    @Test func showAsNewClosesTheOldOneAndShowsTheNewOne() async throws {
        let (scene, backend) = try await Self.scene()
        try await backend.call(PortalNotification.addNotification, FakeGApplication.id, "msg-1", PortalMappingTests.message)
        let first = try await scene.server.notifyCalls.next(within: .seconds(10), "Notify")
        var again = PortalMappingTests.message
        again["display-hint"] = ["show-as-new"].dbusValue
        try await backend.call(PortalNotification.addNotification, FakeGApplication.id, "msg-1", again)
        #expect(try await scene.server.closeCalls.next(within: .seconds(10), "CloseNotification") == first.id)
        let second = try await scene.server.notifyCalls.next(within: .seconds(10), "Notify")
        #expect(second.replacesID == 0 && second.id != first.id)
    }

    /// The frontend passes an icon as a file: the server is given a copy in the icon directory
    /// (the frontend's file is gone once the call is answered), the markup body, and what
    /// `persistent` asks.
    @Test func anIconFileIsKeptAndTheMarkupAndPersistenceGoToTheServer() async throws {
        let (scene, backend) = try await Self.scene(capabilities: ["actions", "body", "body-markup"])
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]
        let file = scene.bus.directory.appending(path: "avatar")
        try Data(png).write(to: file)
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        var message = PortalMappingTests.message
        message["icon"] = .structure([.string("file-descriptor"), .variant(.unixFD(UnixFD(descriptor)))])
        message["display-hint"] = ["persistent"].dbusValue
        try await backend.call(PortalNotification.addNotification, FakeGApplication.id, "msg-1", message)
        let shown = try await scene.server.notifyCalls.next(within: .seconds(10), "Notify")
        let image = try #require(shown.hint("image-path", as: String.self).flatMap(URL.init(string:)))
        #expect(image.deletingLastPathComponent().path == scene.bus.directory.appending(path: "state/icons").path)
        #expect(image.pathExtension == "png" && (try? Data(contentsOf: image)) == Data(png))
        #expect(shown.body == "Are you <b>coming</b>?")
        #expect(shown.hint("resident", as: Bool.self) == true && shown.expireTimeout == 0)
    }

    /// The frontend forwards every sandboxed app's notifications on one connection, without
    /// waiting (the apps had their answers): a burst of 600 from ten apps is all shown, where
    /// any other caller has 256 calls waiting at most.
    @Test func aBurstThroughTheFrontendIsAllShown() async throws {
        let (scene, backend) = try await Self.scene()
        try await Self.expectBurstShown(on: scene.server) { app, id in
            try await backend.call(PortalNotification.addNotification, app, id, PortalMappingTests.message)
        }
    }

    /// `hide-on-lock-screen`: while the session is locked the notification is held (another
    /// one is shown meanwhile), and it comes at unlock. The app shows previews always, so each
    /// is known by its title.
    @Test func hideOnLockScreenHoldsItUntilUnlock() async throws {
        let logind = try await FakeLogind()
        let (scene, backend) = try await Self.scene(logind: logind)
        try await scene.scene.call("SetSettings", .string(FakeGApplication.id), .string(#"{"showPreviews":"always"}"#))
        func message(from sender: String, _ hints: [String] = []) -> [String: Value] {
            var message = PortalMappingTests.message
            message["title"] = .string(sender)
            if !hints.isEmpty { message["display-hint"] = hints.dbusValue }
            return message
        }
        // Another app's notification hides its preview at the lock: then the daemon knows of it.
        try await scene.scene.call("Post", .string(RouterScene.app), .string(""), .string("Carl"), .string("Lunch?"))
        let carl = try await scene.server.notifyCalls.next(within: .seconds(10), "Notify")
        try logind.setLocked(true)
        #expect(try await scene.server.notifyCalls.next(within: .seconds(10), "the re-Notify at the lock").replacesID == carl.id)
        try await backend.call(PortalNotification.addNotification, FakeGApplication.id, "secret", message(from: "Anna", ["hide-on-lock-screen"]))
        try await backend.call(PortalNotification.addNotification, FakeGApplication.id, "plain", message(from: "Bob"))
        let next = try await scene.server.notifyCalls.next(within: .seconds(10), "Notify")
        #expect(next.summary == "Bob", "the held one is not shown")
        try logind.setLocked(false)
        let atUnlock = try await [scene.server.notifyCalls.next(within: .seconds(10), "Notify at unlock"),
                                  scene.server.notifyCalls.next(within: .seconds(10), "Notify at unlock")]
        #expect(atUnlock.contains { $0.summary == "Anna" && $0.replacesID == 0 }, "shown at unlock, beside Carl's preview coming back")
    }

    /// `hide-content-on-lock-screen`: its preview hides while locked, even for an app whose
    /// `showPreviews` is `always`.
    @Test func hideContentOnLockScreenHidesItsPreviewWhileLocked() async throws {
        let logind = try await FakeLogind()
        let (scene, backend) = try await Self.scene(logind: logind)
        try await scene.scene.call("SetSettings", .string(FakeGApplication.id), .string(#"{"showPreviews":"always"}"#))
        var secret = PortalMappingTests.message
        secret["display-hint"] = ["hide-content-on-lock-screen"].dbusValue
        try await backend.call(PortalNotification.addNotification, FakeGApplication.id, "secret", secret)
        let shown = try await scene.server.notifyCalls.next(within: .seconds(10), "Notify")
        #expect(shown.summary == "Anna" && shown.body == "Are you coming?")
        try logind.setLocked(true)
        let hidden = try await scene.server.notifyCalls.next(within: .seconds(10), "the re-Notify with the preview hidden")
        #expect(hidden.replacesID == shown.id && hidden.summary == "" && !hidden.body.contains("coming"))
    }
}

extension PortalNotificationInterfaceTests {
    /// A forwarder that has served a while (as a session's has before apps notify) sends one
    /// notification, then 600 of ten apps at once without waiting (`send(app, id)`): none is
    /// refused and all reach `server`.
    static func expectBurstShown(on server: FakeNotificationServer, _ send: @escaping @Sendable (String, String) async throws -> Void) async throws {
        try await send("org.example.App0", "first")
        _ = try await server.notifyCalls.next(within: .seconds(10), "Notify")
        let outcomes = Inbox<String?>()
        for index in 0..<600 {
            Task {
                do {
                    try await send("org.example.App\(index % 10)", "n\(index)")
                    outcomes.put(nil)
                } catch { outcomes.put("\(error)") }
            }
        }
        var refused: [String] = []
        for _ in 0..<600 {
            if let error = try await outcomes.next(within: .seconds(30), "a reply") { refused.append(error) }
        }
        try #require(refused.count == 0, "the first refusal: \(refused.first ?? "")")
        for _ in 0..<600 { _ = try await server.notifyCalls.next(within: .seconds(30), "Notify") }
    }
}
