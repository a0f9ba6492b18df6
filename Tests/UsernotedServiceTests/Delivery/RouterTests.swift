import UsernotedAPI
import DBus
import Foundation
import Logging
import Synchronization
import Testing
import TestSupport
import UserNotificationsCore
@testable import UsernotedService

/// The daemon in-process with a fake notification server, retrying fast: how responses
/// reach handlers that fail, leave, come back, or are programs.
struct RouterScene {
    static let app = "org.example.Calendar"
    let bus: PrivateBus
    let server: FakeNotificationServer
    let scene: ServiceScene

    init(
        delivery: DeliveryPolicy = DeliveryPolicy(firstRetrySeconds: 0.05, maxRetrySeconds: 0.2),
        capabilities: [String] = ["actions", "body"], logind: FakeLogind? = nil, text: TextPolicy = TextPolicy(),
        log: LogRecorder = LogRecorder(), clock: SchedulerTests.TestClock? = nil, bus: PrivateBus? = nil, gtk: GtkPolicy = GtkPolicy()
    ) async throws {
        let bus = try bus ?? PrivateBus()
        self.bus = bus
        server = try await FakeNotificationServer(bus: bus, capabilities: capabilities)
        var now: (@Sendable () -> Date)?
        if let clock { now = { clock.now } }
        scene = try await ServiceScene(
            bus: bus, delivery: delivery, text: text, gtk: gtk, systemBusAddress: logind?.bus.address, logger: log.logger(), now: now)
    }

    /// Posts a notification and has the user click it; returns its request id.
    @discardableResult
    func click(_ title: String = "Standup") async throws -> String {
        let id = try #require(try await scene.call("Post", .string(Self.app), .string(""), .string(title), .string("")))
        let shown = try await server.notifyCalls.next(within: .seconds(10), "Notify")
        try await server.emitActionInvoked(id: shown.id, key: "default")
        return id
    }

    /// A handler on a new connection, registered for the app (owning the app id as its bus name, if asked).
    func handler(owningAppID: Bool = false) async throws -> RecordingHandler {
        let connection = try await bus.connect()
        if owningAppID { _ = try await connection.requestName(Self.app) }
        let handler = RecordingHandler(connection: connection)
        try await register(handler.path, on: connection)
        return handler
    }

    /// Registers the handler that `connection` serves at `path` for `app`.
    func register(_ path: ObjectPath, on connection: Connection, for app: String = RouterScene.app) async throws {
        _ = try await Proxy.usernotedCenter(on: connection).call("RegisterHandler", [.string(app), .objectPath(path)])
    }

    /// The responses still waiting for the app's handler.
    func waiting() async throws -> [NotificationResponse] {
        try await scene.daemon.store.outbox(of: try AppID(validating: Self.app)).map(\.response)
    }

    /// Waits until the outbox holds `count` responses (the acknowledgement lands just after the handler returns).
    func expectWaiting(_ count: Int) async throws {
        _ = try await withDeadline(.seconds(10), "\(count) responses in the outbox") {
            while try await waiting().count != count { try await Task.sleep(for: .milliseconds(10)) }
            return true
        }
    }
}

@Suite struct RouterTests {
    @Test func aHandlerThatFailsTwiceGetsTheResponseOnceOnTheThirdTry() async throws {
        let scene = try await RouterScene()
        let handler = try await scene.handler()
        handler.fail(next: 2)
        let id = try await scene.click()
        #expect(try await handler.responses.next().requestId == id)
        #expect(handler.calls.pending.count == 3)  // two failures, one success
        try await scene.expectWaiting(0)
        // Nothing more comes: the next response is the next click's.
        let next = try await scene.click("Retro")
        #expect(try await handler.responses.next().requestId == next)
    }

    @Test func aResponseThatComesWhileAnOlderOneWaitsForARetryGoesAfterIt() async throws {
        // The retry is 6 s away: long enough for "Two" to arrive first even while the whole
        // suite (GNOME Shell, Plasma and sway starting among it) loads the machine.
        let scene = try await RouterScene(delivery: DeliveryPolicy(firstRetrySeconds: 6, maxRetrySeconds: 6))
        let handler = try await scene.handler()
        handler.fail(next: 1)
        let one = try await scene.click("One")
        _ = try await handler.calls.next()  // the failed try
        let two = try await scene.click("Two")
        try await scene.expectWaiting(2)
        #expect(try await handler.responses.next(within: .seconds(20)).requestId == one)
        #expect(try await handler.responses.next(within: .seconds(20)).requestId == two)
        try await scene.expectWaiting(0)
    }

    @Test func aHandlerUnderTheAppIDGetsWhatWaitedWhenItComesBack() async throws {
        let scene = try await RouterScene()
        let first = try await scene.handler(owningAppID: true)
        first.connection.close()  // the app quits
        let id = try await scene.click()
        try await scene.expectWaiting(1)
        // The app starts again and takes its name back; it does not register again.
        let connection = try await scene.bus.connect()
        let again = RecordingHandler(connection: connection)
        _ = try await connection.requestName(RouterScene.app)
        #expect(try await again.responses.next().requestId == id)
        try await scene.expectWaiting(0)
        #expect(again.calls.pending == [id])  // delivered once
    }

    @Test func aHandlerThatComesBackGetsWhatWaitedAtOnceNotAfterTheBackoff() async throws {
        let scene = try await RouterScene(delivery: DeliveryPolicy(firstRetrySeconds: 60, maxRetrySeconds: 60))
        let first = try await scene.handler(owningAppID: true)
        first.fail(next: 1)  // the next try is a minute away
        let id = try await scene.click()
        #expect(try await first.calls.next() == id)
        first.connection.close()  // the app is restarted
        let connection = try await scene.bus.connect()
        let again = RecordingHandler(connection: connection)
        // Queued: the bus may not have seen the old connection go yet; it passes the name on when it does.
        _ = try await connection.requestName(RouterScene.app, flags: [])
        #expect(try await again.responses.next(within: .seconds(10)).requestId == id)
        #expect(again.calls.pending == [id])
    }

    /// The app's old process, under the app id, whose handler takes each call (its request id
    /// goes to `calls`) and fails it once `quit` is told; and `handOver`, which gives the name
    /// to the app's next process, then lets the old one fail its call.
    struct QuittingProcess {
        let calls = Inbox<String>()
        let quit = Inbox<Bool>()
        let connection: Connection
        let scene: RouterScene

        init(in scene: RouterScene) async throws {
            self.scene = scene
            connection = try await scene.bus.connect()
            _ = try await connection.requestName(RouterScene.app)
            let (calls, quit) = (calls, quit)
            connection.export([Interface(Handler1.interface, methods: [
                Method(Handler1.didReceive) { _, json -> String in
                    calls.put(try ModelJSON.decodeResponse(json).requestId)
                    _ = try await quit.next()  // fails only once the app's next process owns the name
                    throw DBusError("org.example.Error.Quitting", "the old process fails as it quits")
                },
            ])], at: "/org/example/Handler")
            try await scene.register("/org/example/Handler", on: connection)
        }

        /// The app's next process, owning the app id, once the old one failed its call.
        func handOver() async throws -> RecordingHandler {
            _ = try await connection.releaseName(RouterScene.app)
            let next = RecordingHandler(connection: try await scene.bus.connect())
            _ = try await next.connection.requestName(RouterScene.app)
            quit.put(true)
            return next
        }
    }

    @Test func aHandlerThatComesBackWhileTheOldProcessFailsItsCallGetsTheResponseAtOnce() async throws {
        let scene = try await RouterScene(delivery: DeliveryPolicy(firstRetrySeconds: 60, maxRetrySeconds: 60))
        let old = try await QuittingProcess(in: scene)
        let id = try await scene.click()
        #expect(try await old.calls.next() == id)
        let next = try await old.handOver()
        // Not after the minute's backoff that the old process's failure would earn.
        #expect(try await next.responses.next(within: .seconds(10)).requestId == id)
    }

    /// A response that comes while the one before it is out with the handler goes next from
    /// memory when that one is taken; when that one fails instead, it keeps its place behind it.
    @Test func aResponseThatComesWhileTheOneBeforeIsOutStaysBehindItWhenThatOneFails() async throws {
        let scene = try await RouterScene(delivery: DeliveryPolicy(firstRetrySeconds: 60, maxRetrySeconds: 60))
        let old = try await QuittingProcess(in: scene)
        let one = try await scene.click("One")
        #expect(try await old.calls.next() == one)
        let two = try await scene.click("Two")  // while "One" is out with the old process
        try await scene.expectWaiting(2)
        let next = try await old.handOver()
        #expect(try await next.responses.next(within: .seconds(10)).requestId == one)
        #expect(try await next.responses.next(within: .seconds(10)).requestId == two)
        try await scene.expectWaiting(0)
    }

    @Test func aHandlerOnAUniqueNameIsForgottenWhenItLeavesAndTheResponseWaitsForTheNext() async throws {
        let scene = try await RouterScene()
        let first = try await scene.handler()
        first.connection.close()
        let id = try await scene.click()
        try await scene.expectWaiting(1)
        let second = try await scene.handler()
        #expect(try await second.responses.next().requestId == id)
        #expect(first.calls.pending.isEmpty)
    }

    @Test func oneAppsHungHandlerDoesNotHoldUpAnother() async throws {
        let scene = try await RouterScene()
        let hung = try await scene.bus.connect()
        hung.export([Interface(Handler1.interface, methods: [
            Method(Handler1.didReceive) { _, _ in
                try await Task.sleep(for: .seconds(60))
                return "dismiss"
            },
        ])], at: "/org/example/Hung")
        try await scene.register("/org/example/Hung", on: hung, for: "org.example.Hung")
        _ = try await scene.scene.call("Post", .string("org.example.Hung"), .string(""), .string("Stuck"), .string(""))
        let stuck = try await scene.server.notifyCalls.next()
        try await scene.server.emitActionInvoked(id: stuck.id, key: "default")

        let handler = try await scene.handler()
        let id = try await scene.click()
        #expect(try await handler.responses.next(within: .seconds(10)).requestId == id)
    }

    @Test func aHandlerSlowerThanTheHandlerTimeoutIsAskedAgain() async throws {
        let scene = try await RouterScene(
            delivery: DeliveryPolicy(firstRetrySeconds: 0.05, maxRetrySeconds: 0.2, handlerTimeoutSeconds: 0.3))
        let slow = try await scene.bus.connect()
        let calls = Inbox<String>()
        let first = Mutex(true)
        slow.export([Interface(Handler1.interface, methods: [
            Method(Handler1.didReceive) { _, json in
                calls.put(try ModelJSON.decodeResponse(json).requestId)
                if first.withLock({ isFirst in defer { isFirst = false }; return isFirst }) {
                    try await Task.sleep(for: .seconds(3))  // far past the 0.3 s the policy allows
                }
                return "dismiss"
            },
        ])], at: "/org/example/Slow")
        try await scene.register("/org/example/Slow", on: slow)
        let id = try await scene.click()
        #expect(try await calls.next() == id)
        // The first call timed out after 0.3 s (not libdbus's 25 s), so the response is sent again.
        #expect(try await calls.next(within: .seconds(10)) == id)
        try await scene.expectWaiting(0)
    }

    @Test func aHandlerThatAnswersWithTheWrongSignatureDoesNotAcknowledge() async throws {
        let scene = try await RouterScene()
        let wrong = try await scene.bus.connect()
        _ = try await wrong.requestName(RouterScene.app)
        let calls = Inbox<String>()
        wrong.export([Interface(Handler1.interface, methods: [
            Method(MethodDeclaration<String, Int32>(Handler1.didReceive.name, in: "response_json", out: "disposition")) { _, json in
                calls.put(try ModelJSON.decodeResponse(json).requestId)
                return 1  // not the disposition string
            },
        ])], at: "/org/example/Wrong")
        try await scene.register("/org/example/Wrong", on: wrong)
        let id = try await scene.click()
        #expect(try await calls.next() == id)
        #expect(try await calls.next() == id)  // retried: the answer did not acknowledge
        try await scene.expectWaiting(1)
        // The app is fixed: the response it never took arrives, once.
        wrong.close()
        let fixed = try await scene.bus.connect()
        let handler = RecordingHandler(connection: fixed, path: "/org/example/Wrong")
        _ = try await fixed.requestName(RouterScene.app)
        #expect(try await handler.responses.next().requestId == id)
        try await scene.expectWaiting(0)
        #expect(handler.calls.pending == [id])
    }

    @Test func responsesOlderThanTheMaximumAgeAreDroppedNotDelivered() async throws {
        let clock = SchedulerTests.TestClock()
        let scene = try await RouterScene(delivery: DeliveryPolicy(maxAgeSeconds: 3600), clock: clock)
        try await scene.click("Old news")
        try await scene.expectWaiting(1)
        clock.advance(by: 3601)  // it ages past the policy's maximum while no handler is there
        let handler = try await scene.handler()
        let fresh = try await scene.click("Fresh")
        #expect(try await handler.responses.next().requestId == fresh)
        #expect(handler.calls.pending == [fresh])  // the old one never came
    }

    @Test func anExecHandlerRunsOncePerResponseAndABadOneIsRefusedWithAReason() async throws {
        let scene = try await RouterScene()
        let directory = try TemporaryDirectory.make(prefix: "usernoted-exec-route")
        let log = directory.appending(path: "log").path
        let handler = try writeScript(directory.appending(path: "handler").path, #"echo "$USERNOTED_REQUEST_ID $USERNOTED_ACTION" >> '\#(log)'"#)

        await #expect {
            try await scene.scene.call("SetExecHandler", .string(RouterScene.app), ["/nonexistent/handler"].dbusValue)
        } throws: { isDBusError($0, "io.github.usernoted.Error.InvalidRequest", "argv[0] '/nonexistent/handler' is not an executable file") }

        try await scene.scene.call("SetExecHandler", .string(RouterScene.app), [handler].dbusValue)
        let id = try await scene.click()
        _ = try await fileText(at: log, "the handler's line") { $0 == "\(id) default\n" }
        try await scene.expectWaiting(0)  // exit 0 acknowledged it
    }

    static let chat = """
        [{"identifier": "MESSAGE", "actions": [
            {"identifier": "REPLY", "title": "Reply", "textInputButtonTitle": "Send", "textInputPlaceholder": "Message"},
            {"identifier": "LIKE", "title": "Like", "options": ["foreground"]}]}]
        """

    /// Posts a MESSAGE notification; returns the server's id for it.
    func postMessage(_ scene: RouterScene) async throws -> UInt32 {
        try await scene.scene.call("SetCategories", .string(RouterScene.app), .string(Self.chat))
        try await scene.scene.call("Post", .string(RouterScene.app), .string("MESSAGE"), .string("Anna"), .string("Lunch?"))
        return try await scene.server.notifyCalls.next().id
    }

    @Test func aServerWithoutButtonsStillShowsTheNotificationAndTheLogSaysSo() async throws {
        let log = LogRecorder()
        let scene = try await RouterScene(capabilities: ["body"], log: log)
        try await scene.scene.call("SetCategories", .string(RouterScene.app), .string(Self.chat))
        try await scene.scene.call("Post", .string(RouterScene.app), .string("MESSAGE"), .string("Anna"), .string("Lunch?"))
        let shown = try await scene.server.notifyCalls.next()
        #expect(shown.summary == "Anna")
        _ = try await withDeadline(.seconds(10), "the warning in the log") {
            while !log.messages.contains(where: { $0.hasPrefix("warning: the notification server shows no buttons") }) {
                try await Task.sleep(for: .milliseconds(10))
            }
            return true
        }
    }

    /// Registers a handler that answers `WillPresent` with `options`; returns what it will be
    /// asked, and its connection (keep it: the handler ends with it).
    func presentingHandler(_ scene: RouterScene, options: [String]) async throws -> (Inbox<String>, Connection) {
        let asked = Inbox<String>()
        let connection = try await scene.bus.connect()
        connection.export([Interface(Handler1.interface, methods: [
            Method(Handler1.didReceive) { _, _ in "dismiss" },
            Method(Handler1.willPresent) { _, json in
                asked.put((try? ModelJSON.decodeRequest(json, limits: nil))?.identifier ?? "undecodable: \(json)")
                return options
            },
        ])], at: "/org/example/Presenter")
        try await scene.register("/org/example/Presenter", on: connection)
        return (asked, connection)
    }

    static let withBadgeAndSound = #"{"identifier":"n1","content":{"title":"Hi","sound":"default","badge":3}}"#

    @Test func willPresentDecidesSoundAndBadgeAndWhetherItIsShown() async throws {
        let scene = try await RouterScene()
        let (asked, app) = try await presentingHandler(scene, options: ["banner"])
        try await scene.scene.call("Add", .string(RouterScene.app), .string(Self.withBadgeAndSound))
        #expect(try await asked.next() == "n1")
        let shown = try await scene.server.notifyCalls.next()
        #expect(shown.hint("suppress-sound", as: Bool.self) == true)  // no "sound" in the answer

        let silent = try await RouterScene()
        let (askedSilent, silentApp) = try await presentingHandler(silent, options: [])
        try await silent.scene.call("Add", .string(RouterScene.app), .string(Self.withBadgeAndSound))
        #expect(try await askedSilent.next() == "n1")
        // Nothing shown: the next Notify the server sees is a later request's (the app has no handler answering for it).
        try await silent.scene.call("Add", .string("org.example.Other"), .string(#"{"identifier":"other","content":{"title":"Other"}}"#))
        #expect(try await silent.server.notifyCalls.next().summary == "Other")
        #expect(try await silent.scene.call("GetDelivered", .string(RouterScene.app)) == "[]")
        withExtendedLifetime((app, silentApp)) {}
    }

    @Test func anAppWhoseHandlerIsNotRunningIsNotStartedToBeAskedWillPresent() async throws {
        let scene = try await RouterScene()
        let handler = try await scene.handler(owningAppID: true)  // kept under the app id, outliving the app
        handler.connection.close()
        // The app is activatable: starting it would leave a mark.
        let mark = scene.bus.directory.appending(path: "started")
        try "[D-BUS Service]\nName=\(RouterScene.app)\nExec=/bin/sh -c 'touch \(mark.path)'\n"
            .write(to: scene.bus.servicesDirectory.appending(path: "\(RouterScene.app).service"), atomically: true, encoding: .utf8)
        let watcher = try await scene.bus.connect()
        _ = try await watcher.call(destination: Bus.name, path: Bus.path, interface: Bus.interface, method: "ReloadConfig")
        let activatable = try await watcher.call(destination: Bus.name, path: Bus.path, interface: Bus.interface, method: "ListActivatableNames")
        #expect(activatable.first?.as([String].self)?.contains(RouterScene.app) == true)
        try await scene.scene.call("Add", .string(RouterScene.app), .string(#"{"identifier":"n1","content":{"title":"Hi"}}"#))
        #expect(try await scene.server.notifyCalls.next().summary == "Hi")
        try await Task.sleep(for: .milliseconds(300))
        #expect(!FileManager.default.fileExists(atPath: mark.path), "the app was started to be asked WillPresent")
    }

    @Test func aShownRequestsBadgeReachesTheDockAndAHandlerWithoutWillPresentChangesNothing() async throws {
        let scene = try await RouterScene()
        _ = try await scene.handler()  // serves DidReceive only
        let watcher = try await scene.bus.connect()
        let updates = try await watcher.signals(matching: MatchRule(interface: LauncherEntry.interface, member: "Update"))
        try await scene.scene.call("Add", .string(RouterScene.app), .string(Self.withBadgeAndSound))
        let shown = try await scene.server.notifyCalls.next()
        #expect(shown.hint("sound-name", as: String.self) == "message-new-instant")
        let update = try await withDeadline(.seconds(10), "LauncherEntry.Update") {
            for await message in updates { return message }
            throw TestSupportError("signal stream ended")
        }
        #expect(update.body.first == .string("application://org.example.Calendar.desktop"))
    }
}
