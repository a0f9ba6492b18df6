import DBus
import Foundation
import Testing
import TestSupport
import UserNotificationsCore
import UsernotedAPI
@testable import UsernotedService

/// The `Response` signal goes only to connections subscribed to its app. Each test reads what
/// a program on the bus would: the signals its connection gets. A connection's messages from
/// one sender arrive in order, so "its first response is the later one" shows that the earlier
/// one never reached it.
@Suite struct ResponseSubscribersTests {
    static let app = "org.example.Calendar"

    /// The daemon with a fake notification server.
    struct Scene {
        let bus: PrivateBus
        let server: FakeNotificationServer
        let scene: ServiceScene

        init() async throws {
            bus = try PrivateBus()
            server = try await FakeNotificationServer(bus: bus)
            scene = try await ServiceScene(bus: bus)
        }

        /// Posts `title` for `app` and clicks its body once it is shown; returns its request id.
        func respond(_ title: String, for app: String = ResponseSubscribersTests.app) async throws -> String {
            let id = try #require(try await scene.call("Post", .string(app), .string(""), .string(title), .string("")))
            let shown = try await server.notifyCalls.next(within: .seconds(10), "Notify of \(title)")
            #expect(shown.summary == title)
            try await server.emitActionInvoked(id: shown.id, key: "default")
            return id
        }

        /// A program on the bus and every `Response` signal its connection gets (it asks the
        /// bus for them all, as an eavesdropper on the old broadcast would).
        func listener() async throws -> (center: Proxy, requests: Inbox<String>) {
            let connection = try await bus.connect()
            let signals = try await connection.signals(matching: Center1.responses(of: nil))
            let requests = Inbox<String>()
            Task { for await signal in signals { requests.put((try? Center1.response.arguments(of: signal).1) ?? "?") } }
            return (Proxy.usernotedCenter(on: connection), requests)
        }
    }

    @Test func anUnsubscribedProgramReceivesNothingWhileASubscribedOneDoes() async throws {
        let scene = try await Scene()
        let subscribed = try await scene.listener()
        let unsubscribed = try await scene.listener()
        try await subscribed.center.call(Center1.subscribe, Self.app)

        let first = try await scene.respond("First")
        #expect(try await subscribed.requests.next(within: .seconds(10), "the subscriber's response") == first)

        // Subscribed now, the other program's first response is the next one: the first never reached it.
        try await unsubscribed.center.call(Center1.subscribe, Self.app)
        let second = try await scene.respond("Second")
        #expect(try await unsubscribed.requests.next(within: .seconds(10), "the new subscriber's response") == second)
        #expect(try await subscribed.requests.next(within: .seconds(10), "the subscriber's second response") == second)
    }

    @Test func afterUnsubscribeNothingMoreArrives() async throws {
        let scene = try await Scene()
        let leaving = try await scene.listener()
        let staying = try await scene.listener()
        try await leaving.center.call(Center1.subscribe, Self.app)
        try await staying.center.call(Center1.subscribe, Self.app)
        try await leaving.center.call(Center1.unsubscribe, Self.app)
        try await leaving.center.call(Center1.unsubscribe, Self.app)  // not subscribed: nothing changes, no error

        let missed = try await scene.respond("Missed")
        #expect(try await staying.requests.next(within: .seconds(10), "the staying subscriber's response") == missed)
        try await leaving.center.call(Center1.subscribe, Self.app)
        let seen = try await scene.respond("Seen")
        #expect(try await leaving.requests.next(within: .seconds(10), "the returning subscriber's response") == seen)
    }

    @Test func aSubscriberToOneAppGetsOnlyThatAppsResponsesAndEveryAppMeansAll() async throws {
        let scene = try await Scene()
        let calendar = try await scene.listener()
        let everything = try await scene.listener()
        try await calendar.center.call(Center1.subscribe, Self.app)
        try await everything.center.call(Center1.subscribe, "")

        let other = try await scene.respond("Chat", for: "org.example.Chat")
        #expect(try await everything.requests.next(within: .seconds(10), "the Chat response") == other)
        let own = try await scene.respond("Meeting")
        #expect(try await everything.requests.next(within: .seconds(10), "the Calendar response") == own)
        #expect(try await calendar.requests.next(within: .seconds(10), "the Calendar response") == own, "not the Chat response first")
    }

    @Test func aSubscriberThatLeavesTheBusIsForgotten() async throws {
        let scene = try await Scene()
        let subscribers = scene.scene.daemon.subscribers
        var connections: [Connection] = []
        for _ in 0..<3 {
            let connection = try await scene.bus.connect()
            try await Proxy.usernotedCenter(on: connection).call(Center1.subscribe, Self.app)
            connections.append(connection)
        }
        #expect(subscribers.count == 3)
        connections.forEach { $0.close() }
        _ = try await withDeadline(.seconds(10), "the daemon forgetting the subscribers that left") {
            while subscribers.count != 0 { try await Task.sleep(for: .milliseconds(10)) }
            return true
        }
    }

    @Test func aConnectionsSubscriptionsAreLimited() async throws {
        let scene = try await Scene()
        for index in 0..<ResponseSubscribers.limitPerConnection {
            try await scene.scene.center.call(Center1.subscribe, "org.example.App\(index)")
        }
        try await scene.scene.center.call(Center1.subscribe, "org.example.App0")  // already subscribed: fine
        await #expect {
            try await scene.scene.center.call(Center1.subscribe, "org.example.OneTooMany")
        } throws: { isDBusError($0, "io.github.usernoted.Error.LimitExceeded", "at most \(ResponseSubscribers.limitPerConnection) app ids") }
        await #expect {
            try await scene.scene.center.call(Center1.subscribe, "not an app id")
        } throws: { isDBusError($0, "io.github.usernoted.Error.InvalidAppId") }
    }

    @Test(.enabled(if: Sandbox.canMountProc, "needs a mount namespace with its own /proc for the Flatpak stand-in"))
    func aSandboxedSubscriberNeverReceivesAnotherAppsResponse() async throws {
        let scene = try await Scene()
        let (victim, sandboxed) = ("org.example.Victim", "org.example.Sandboxed")
        let victimHandler = RecordingHandler(connection: try await scene.bus.connect())
        try await Proxy.usernotedCenter(on: victimHandler.connection).call(Center1.registerHandler, victim, victimHandler.path)
        let victimID = try #require(try await scene.scene.call("Post", .string(victim), .string(""), .string("Reply from Anna"), .string("")))
        let victimShown = try await scene.server.notifyCalls.next(within: .seconds(10), "Notify of the victim's")

        // The Flatpak app subscribes (to others' responses: refused; to its own: accepted), posts, and listens.
        let run = Task {
            try await Sandbox.flatpak("[Application]\nname=\(sandboxed)\n", bus: scene.bus, calls: [
                ["Subscribe", "s:\(victim)"], ["Subscribe", "s:"], ["Subscribe", "s:\(sandboxed)"],
                ["Post", "s:\(sandboxed)", "s:", "s:Own", "s:"], ["receive"],
            ])
        }
        let ownShown = try await scene.server.notifyCalls.next(within: .seconds(10), "Notify of the sandboxed app's")
        #expect(ownShown.summary == "Own")
        // The victim's response is announced first: had it gone to the sandbox, it would be what it receives.
        try await scene.server.emitActionInvoked(id: victimShown.id, key: "default")
        #expect(try await victimHandler.responses.next(within: .seconds(10), "the victim's response").requestId == victimID)
        try await scene.server.emitActionInvoked(id: ownShown.id, key: "default")
        let lines = try await run.value
        #expect(lines.count == 5)
        #expect(lines.prefix(3) == [
            "error org.freedesktop.DBus.Error.AccessDenied the caller is the Flatpak app \(sandboxed); it may act only for its own app id, \(sandboxed), not for \(victim)",
            "error org.freedesktop.DBus.Error.AccessDenied the caller is the Flatpak app \(sandboxed); it may act only for its own app id, \(sandboxed), not for others",
            "ok ",
        ])
        let ownID = String(try #require(lines.dropFirst(3).first).dropFirst("ok ".count))
        #expect(lines.last == "signal \(sandboxed) \(ownID) default")
    }
}
