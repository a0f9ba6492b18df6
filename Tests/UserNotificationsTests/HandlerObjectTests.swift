import UsernotedAPI
import DBus
import Testing
import TestSupport
@testable import UserNotifications
import UserNotificationsCore

/// The app's Handler1 object, called as usernoted calls it.
struct HandlerObjectTests {
    static let responseJSON = #"{"actionIdentifier":"ACCEPT_ACTION","appId":"org.example.Calendar","date":"2026-11-23T08:15:00Z","notification":{"content":{"categoryIdentifier":"MEETING_INVITATION","title":"Weekly Staff Meeting","userInfo":{"MEETING_ID":"M-1","USER_ID":"U-42"}},"identifier":"m1"},"requestId":"m1"}"#

    /// A fake daemon, an app connection with a center, and a way to call the app's handler.
    struct Setup {
        let fake: FakeCenter
        let app: Connection
        let center: UNUserNotificationCenter

        init() async throws {
            fake = try await FakeCenter()
            app = try await fake.bus.connect()
            center = UNUserNotificationCenter(appID: "org.example.Calendar", connection: app)
        }

        func call(_ method: String, _ json: String, timeout: Duration = .seconds(10)) async throws -> [Value] {
            try await fake.connection.call(
                destination: app.uniqueName, path: HandlerObject.path, interface: Handler1.interface,
                method: method, [.string(json)], timeout: timeout)
        }
    }

    @Test func theCompletionHandlerIsTheAcknowledgement() async throws {
        let setup = try await Setup()
        let delegate = CompletionDelegate()
        try await setup.center.setDelegate(delegate)
        #expect(try await setup.fake.next("RegisterHandler") == [.objectPath(HandlerObject.path)])
        async let reply = setup.call("DidReceive", Self.responseJSON)
        let response = try await delegate.responses.next(within: .seconds(10), "didReceive")
        #expect(response.actionIdentifier == "ACCEPT_ACTION")
        #expect(response.notification.request.content.userInfo["MEETING_ID"] as? String == "M-1")
        delegate.release.put(())
        #expect(try await reply == [.string("dismiss")])
    }

    @Test func noReplyUntilTheCompletionHandlerIsCalled() async throws {
        let setup = try await Setup()
        let delegate = CompletionDelegate()
        try await setup.center.setDelegate(delegate)
        await #expect(throws: DBusError.self) { try await setup.call("DidReceive", Self.responseJSON, timeout: .milliseconds(300)) }
        #expect(delegate.responses.pending.count == 1)
    }

    @Test func callingTheCompletionHandlerTwiceAnswersOnce() async throws {
        let setup = try await Setup()
        let delegate = CompletionDelegate(completeTwice: true)
        try await setup.center.setDelegate(delegate)
        delegate.release.put(())
        #expect(try await setup.call("DidReceive", Self.responseJSON) == [.string("dismiss")])
        delegate.release.put(())
        #expect(try await setup.call("DidReceive", Self.responseJSON) == [.string("dismiss")])
    }

    @Test func anAsyncDelegateIsCalledDirectly() async throws {
        let setup = try await Setup()
        let delegate = AsyncDelegate()
        try await setup.center.setDelegate(delegate)
        #expect(try await setup.call("DidReceive", Self.responseJSON) == [.string("dismiss")])
        #expect(try await delegate.responses.next().notification.request.identifier == "m1")
    }

    @Test func withoutADelegateTheResponseIsRefusedSoTheDaemonKeepsIt() async throws {
        let setup = try await Setup()
        var delegate: AsyncDelegate? = AsyncDelegate()
        try await setup.center.setDelegate(delegate!)
        delegate = nil  // held weakly: gone
        await #expect { try await setup.call("DidReceive", Self.responseJSON) } throws: {
            ($0 as? DBusError)?.name == HandlerObject.noDelegate
        }
    }

    @Test func willPresentAnswersTheDelegatesOptions() async throws {
        let setup = try await Setup()
        let delegate = CompletionDelegate(presentation: [.sound, .badge])
        try await setup.center.setDelegate(delegate)
        let request = #"{"identifier":"m1","content":{"title":"Weekly Staff Meeting"}}"#
        #expect(try await setup.call("WillPresent", request) == [["sound", "badge"].dbusValue])
    }

    @Test func willPresentDefaultsToShowing() async throws {
        let setup = try await Setup()
        let delegate = AsyncDelegate()
        try await setup.center.setDelegate(delegate)
        let request = #"{"identifier":"m1","content":{}}"#
        #expect(try await setup.call("WillPresent", request) == [["banner", "sound", "badge", "list"].dbusValue])
    }

    // Content extensions: the reminders flow's `keep`, and where the other answers go.

    static let reminderJSON = #"{"actionIdentifier":"%@","appId":"org.example.Reminders","date":"2026-11-23T08:15:00Z","notification":{"content":{"categoryIdentifier":"reminder","title":"Buy milk","userInfo":{"reminder-uuid":"R-1"}},"identifier":"milk"},"requestId":"milk"}"#

    static func reminder(_ action: String) -> String { reminderJSON.replacingOccurrences(of: "%@", with: action) }

    @Test func anExtensionsDoNotDismissKeepsTheNotificationOnScreen() async throws {
        let setup = try await Setup()
        let delegate = AsyncDelegate()
        let reminders = RecordingExtension(answering: .doNotDismiss)
        setup.center.setContentExtension(reminders, forCategories: ["reminder"])
        try await setup.center.setDelegate(delegate)
        #expect(try await setup.call("DidReceive", Self.reminder("complete-reminder")) == [.string("keep")])
        let response = try await reminders.responses.next()
        #expect(response.actionIdentifier == "complete-reminder")
        #expect(response.notification.request.content.userInfo["reminder-uuid"] as? String == "R-1")
        #expect(delegate.responses.pending.isEmpty)
    }

    @Test func anExtensionsDismissClosesIt() async throws {
        let setup = try await Setup()
        setup.center.setContentExtension(RecordingExtension(answering: .dismiss), forCategories: ["reminder"])
        try await setup.center.setDelegate(AsyncDelegate())
        #expect(try await setup.call("DidReceive", Self.reminder("complete-reminder")) == [.string("dismiss")])
    }

    @Test func anExtensionInTheCompletionHandlerStyleAnswersThroughItsHandler() async throws {
        let setup = try await Setup()
        let reminders = CompletionExtension()
        setup.center.setContentExtension(reminders, forCategories: ["reminder"])
        try await setup.center.setDelegate(AsyncDelegate())
        #expect(try await setup.call("DidReceive", Self.reminder("complete-reminder")) == [.string("keep")])
        #expect(try await reminders.responses.next().actionIdentifier == "complete-reminder")
    }

    @Test func forwardingHandsTheChosenActionToTheDelegateThenCloses() async throws {
        let setup = try await Setup()
        let delegate = AsyncDelegate()
        let reminders = RecordingExtension(answering: .dismissAndForwardAction)
        setup.center.setContentExtension(reminders, forCategories: ["reminder"])
        try await setup.center.setDelegate(delegate)
        #expect(try await setup.call("DidReceive", Self.reminder("complete-reminder")) == [.string("dismiss")])
        #expect(try await reminders.responses.next().actionIdentifier == "complete-reminder")
        let forwarded = try await delegate.responses.next()
        #expect(forwarded.actionIdentifier == "complete-reminder")
        #expect(forwarded.notification.request.identifier == "milk")
    }

    @Test func anExtensionThatImplementsNoDidReceiveForwards() async throws {
        let setup = try await Setup()
        let delegate = AsyncDelegate()
        setup.center.setContentExtension(SilentExtension(), forCategories: ["reminder"])
        try await setup.center.setDelegate(delegate)
        #expect(try await setup.call("DidReceive", Self.reminder("complete-reminder")) == [.string("dismiss")])
        #expect(try await delegate.responses.next().actionIdentifier == "complete-reminder")
    }

    @Test func aForwardedResponseWithoutADelegateIsRefusedSoTheDaemonKeepsIt() async throws {
        let setup = try await Setup()
        setup.center.setContentExtension(RecordingExtension(answering: .dismissAndForwardAction), forCategories: ["reminder"])
        _ = try await setup.fake.next("RegisterHandler")
        await #expect { try await setup.call("DidReceive", Self.reminder("complete-reminder")) } throws: {
            ($0 as? DBusError)?.name == HandlerObject.noDelegate
        }
    }

    @Test func aClickOnTheBodyOfAnExtensionsNotificationGoesToTheDelegate() async throws {
        let setup = try await Setup()
        let delegate = AsyncDelegate()
        let reminders = RecordingExtension(answering: .doNotDismiss)
        setup.center.setContentExtension(reminders, forCategories: ["reminder"])
        try await setup.center.setDelegate(delegate)
        #expect(try await setup.call("DidReceive", Self.reminder("default")) == [.string("dismiss")])
        #expect(try await delegate.responses.next().actionIdentifier == UNNotificationDefaultActionIdentifier)
        #expect(reminders.responses.pending.isEmpty)
    }
}
