import DBus
import Foundation
import Testing
import TestSupport
import UserNotificationsCore
import UsernotedAPI
@testable import UsernotedService

/// `RequestAuthorization` as an app meets it over the bus with a fake notification server:
/// recorded on first use, or asked once with a notification whose answer reaches the app.
@Suite struct AuthorizationPromptTests {
    static let app = "org.example.Calendar"

    /// The daemon (asking or not), a server, and an app that listens for its answer.
    struct Scene {
        let server: FakeNotificationServer
        let scene: ServiceScene

        init(ask: Bool, logind: FakeLogind? = nil) async throws {
            let bus = try PrivateBus()
            server = try await FakeNotificationServer(bus: bus)
            scene = try await ServiceScene(
                bus: bus, authorization: AuthorizationPolicy(ask: ask), systemBusAddress: logind?.bus.address)
        }

        /// A new connection of the app, subscribed to its `AuthorizationChanged` signals.
        func asker() async throws -> (center: Proxy, answers: Inbox<String>) {
            let connection = try await scene.bus.connect()
            let signals = try await connection.signals(matching: Center1.authorizationChanges(of: AuthorizationPromptTests.app))
            let center = Proxy.usernotedCenter(on: connection)
            try await center.call(Center1.subscribe, AuthorizationPromptTests.app)
            let answers = Inbox<String>()
            Task { for await signal in signals { answers.put(signal.body.last?.as(String.self) ?? "") } }
            return (center, answers)
        }

        func request(_ center: Proxy) async throws -> String {
            try await center.call(Center1.requestAuthorization, AuthorizationPromptTests.app)
        }

        func status() async throws -> AppSettings.AuthorizationStatus {
            try ModelJSON.decodeSettings(try #require(try await scene.call("GetSettings", .string(AuthorizationPromptTests.app)))).authorizationStatus
        }

        func post(_ title: String) async throws {
            try await scene.call("Post", .string(AuthorizationPromptTests.app), .string(""), .string(title), .string(""))
        }

        /// The prompt on screen, checked to be the one about the app.
        func prompt() async throws -> ReceivedNotification {
            let shown = try await server.notifyCalls.next(within: .seconds(10), "the prompt")
            #expect(shown.summary == "Allow notifications from Calendar?")
            #expect(shown.actionKeys == ["default", "allow", "dont-allow"])
            #expect(shown.hints["urgency"] == .byte(2), "critical: servers do not let it expire unanswered")
            return shown
        }
    }

    @Test func withoutAskingANewAppIsRecordedAsAuthorized() async throws {
        let s = try await Scene(ask: false)
        let (center, _) = try await s.asker()
        #expect(try await s.request(center) == "authorized")
        #expect(try await s.status() == .authorized)
        #expect(try await s.scene.call("GetSettings", .string("")).map { $0.contains(Self.app) } == true, "recorded")
        try await s.post("Standup")
        #expect(try await s.server.notifyCalls.next(within: .seconds(10), "the post").summary == "Standup", "no prompt came first")
    }

    @Test func aKnownAppIsAnsweredAtOnceWithItsStoredStatus() async throws {
        let s = try await Scene(ask: true)
        let (center, _) = try await s.asker()
        try await s.scene.call("SetSettings", .string(Self.app), .string(#"{"authorizationStatus":"provisional"}"#))
        #expect(try await s.request(center) == "provisional")
        try await s.scene.call("SetSettings", .string(Self.app), .string(#"{"authorizationStatus":"authorized","sound":false}"#))
        #expect(try await s.request(center) == "authorized")
        try await s.post("Standup")
        #expect(try await s.server.notifyCalls.next(within: .seconds(10), "the post").summary == "Standup", "nobody was asked")
    }

    @Test func allowAnswersEveryCallerOfOnePromptAndLetsTheAppPost() async throws {
        let s = try await Scene(ask: true)
        let (first, firstAnswers) = try await s.asker()
        let (second, secondAnswers) = try await s.asker()
        #expect(try await s.request(first) == "notDetermined")
        #expect(try await s.request(second) == "notDetermined")
        let prompt = try await s.prompt()
        // While the user is being asked, the app's posts are refused, saying so.
        await #expect { try await s.post("Too early") } throws: {
            isDBusError($0, "io.github.usernoted.Error.NotAuthorized", "being asked")
        }
        try await s.server.emitActionInvoked(id: prompt.id, key: "allow")
        #expect(try await firstAnswers.next(within: .seconds(10), "the first caller's answer") == "authorized")
        #expect(try await secondAnswers.next(within: .seconds(10), "the second caller's answer") == "authorized")
        #expect(try await s.server.closeCalls.next(within: .seconds(10), "the prompt closed") == prompt.id)
        #expect(try await s.status() == .authorized)
        #expect(try await s.request(first) == "authorized")
        try await s.post("Standup")
        #expect(try await s.server.notifyCalls.next(within: .seconds(10), "the post").summary == "Standup", "one prompt only")
    }

    @Test func dontAllowRecordsDeniedAndRefusesPosts() async throws {
        let s = try await Scene(ask: true)
        let (center, answers) = try await s.asker()
        #expect(try await s.request(center) == "notDetermined")
        try await s.server.emitActionInvoked(id: try await s.prompt().id, key: "dont-allow")
        #expect(try await answers.next(within: .seconds(10), "the answer") == "denied")
        #expect(try await s.status() == .denied)
        #expect(try await s.request(center) == "denied")
        await #expect { try await s.post("Spam") } throws: {
            isDBusError($0, "io.github.usernoted.Error.NotAuthorized", "does not allow")
        }
    }

    @Test func closingThePromptLeavesTheAppUndecidedAndItIsAskedAgain() async throws {
        let s = try await Scene(ask: true)
        let (center, answers) = try await s.asker()
        #expect(try await s.request(center) == "notDetermined")
        try await s.server.emitNotificationClosed(id: try await s.prompt().id, reason: 2)
        #expect(try await answers.next(within: .seconds(10), "the answer") == "notDetermined")
        #expect(try await s.request(center) == "notDetermined")
        _ = try await s.prompt()  // asked again
        let all = try #require(try await s.scene.call("GetSettings", .string("")))
        #expect(!all.contains(Self.app), "nothing recorded for the app")
    }

    @Test func theQuestionKeepsItsTitleWhileLocked() async throws {
        let logind = try await FakeLogind()
        let s = try await Scene(ask: true, logind: logind)
        let (center, _) = try await s.asker()
        #expect(try await s.request(center) == "notDetermined")
        let prompt = try await s.prompt()
        try logind.setLocked(true)
        let locked = try await s.server.notifyCalls.next(within: .seconds(10), "the re-Notify with previews hidden")
        #expect(locked.replacesID == prompt.id && locked.summary == "Allow notifications from Calendar?")
        #expect(locked.body != prompt.body, "its body hidden like any other")
    }
}
