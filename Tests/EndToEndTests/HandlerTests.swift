import UsernotedAPI
import DBus
import Foundation
import Testing
import TestSupport
import UserNotificationsCore

/// How the app's side answers, end to end with dunst: dispositions, handlers that fail or
/// are away, exec handlers, and GApplication-style apps.
@Suite(.serialized) struct HandlerTests {
    static let fastRetries = "[delivery]\nfirstRetrySeconds = 0.1\nmaxRetrySeconds = 0.5\n"

    /// The reminders flow: COMPLETE is answered with `keep` and the same identifier posted
    /// again with PENDING; the notification stays on screen with the other action.
    @Test func keepWithAnInPlaceActionSwap() async throws {
        let scene = try await Scene()
        let categories = """
            [{"identifier": "REMINDER", "actions": [{"identifier": "COMPLETE", "title": "Complete"}]},
             {"identifier": "REMINDER_DONE", "actions": [{"identifier": "PENDING", "title": "Mark as pending"}]}]
            """
        _ = try await scene.center.call("SetCategories", [.string(Scene.appID), .string(categories)])
        let reminder = #"{"identifier":"milk","content":{"title":"Buy milk","categoryIdentifier":"%@"}}"#
        _ = try await scene.center.call("Add", [.string(Scene.appID), .string(reminder.replacingOccurrences(of: "%@", with: "REMINDER"))])
        try await scene.expectDisplayed(1)

        scene.handler.answer("keep")
        try scene.desktop.pick("COMPLETE")
        #expect(try await scene.handler.responses.next().actionIdentifier == "COMPLETE")
        _ = try await scene.center.call("Add", [.string(Scene.appID), .string(reminder.replacingOccurrences(of: "%@", with: "REMINDER_DONE"))])
        try await scene.expectDisplayed(1)  // swapped in place, not a second notification

        scene.handler.answer("dismiss")
        try scene.desktop.pick("PENDING")
        let pending = try await scene.handler.responses.next()
        #expect(pending.actionIdentifier == "PENDING" && pending.requestId == "milk")
        try await scene.expectDisplayed(0)
    }

    @Test func forwardClosesItAndAlsoDeliversTheDefaultAction() async throws {
        let scene = try await Scene()
        try await scene.postMeeting("fwd")
        try await scene.expectDisplayed(1)
        scene.handler.answer("forward")
        try scene.desktop.pick("ACCEPT_ACTION")
        #expect(try await scene.handler.responses.next().actionIdentifier == "ACCEPT_ACTION")
        let forwarded = try await scene.handler.responses.next()
        #expect(forwarded.actionIdentifier == "default" && forwarded.requestId == "fwd")
        try await scene.expectDisplayed(0)
    }

    @Test func aHandlerThatFailsTwiceThenAcknowledgesGetsItOnce() async throws {
        let scene = try await Scene(config: Self.fastRetries)
        scene.handler.fail(next: 2)
        try await scene.postMeeting("flaky")
        try await scene.expectDisplayed(1)
        try scene.desktop.pick("DECLINE_ACTION")
        #expect(try await scene.handler.responses.next().actionIdentifier == "DECLINE_ACTION")
        #expect(scene.handler.calls.pending == ["flaky", "flaky", "flaky"])
        try await scene.expectDisplayed(0)  // acknowledged with `dismiss`
        #expect(scene.handler.responses.pending.isEmpty)
    }

    @Test func anAppThatQuitGetsTheResponseOnceWhenItIsBack() async throws {
        let scene = try await Scene(registerHandler: false)
        let first = try await scene.bus.connect()
        _ = try await first.requestName(Scene.appID)
        let firstHandler = RecordingHandler(connection: first)
        _ = try await Proxy.usernotedCenter(on: first).call("RegisterHandler", [.string(Scene.appID), .objectPath(firstHandler.path)])
        first.close()  // the app quits

        try await scene.postMeeting("while-away")
        try await scene.expectDisplayed(1)
        try scene.desktop.pick("ACCEPT_ACTION")
        try await scene.expectDisplayed(1)  // nobody took it yet: still on screen

        let again = try await scene.bus.connect()
        let handler = RecordingHandler(connection: again)
        _ = try await again.requestName(Scene.appID)  // the app starts again; it registers nothing
        let response = try await handler.responses.next()
        #expect(response.actionIdentifier == "ACCEPT_ACTION" && response.requestId == "while-away")
        try await scene.expectDisplayed(0)
        #expect(handler.calls.pending == ["while-away"])
    }

    @Test func anExecHandlerGetsTheChoiceOfAUserWhoseAppIsNotRunning() async throws {
        let scene = try await Scene(registerHandler: false)
        let log = scene.bus.directory.appending(path: "choices").path
        let script = try writeScript(scene.bus.directory.appending(path: "on-response").path, #"echo "$USERNOTED_ACTION $(cat)" >> '\#(log)'"#)
        _ = try await scene.center.call("SetExecHandler", [.string(Scene.appID), [script].dbusValue])

        try await scene.postMeeting("by-script")
        try await scene.expectDisplayed(1)
        try scene.desktop.pick("DECLINE_ACTION")
        let line = try await fileText(at: log, "the exec handler's line") { $0.hasSuffix("\n") }
        #expect(line.hasPrefix("DECLINE_ACTION {"))
        #expect(line.contains(#""MEETING_ID":"M-by-script""#))
        try await scene.expectDisplayed(0)
    }

    @Test func aGApplicationStyleAppGetsActivateActionWithTheResponse() async throws {
        let scene = try await Scene(registerHandler: false)
        let app = try await scene.bus.connect()
        let activations = Inbox<(String, String)>()
        app.export([Interface("org.freedesktop.Application", methods: [
            Method(MethodDeclaration<String, [Value], [String: Value], NoReply>(
                "ActivateAction", in: "action_name", "parameter", "platform_data")
            ) { _, action, parameter, _ in
                guard parameter.count == 1, case .string(let json) = parameter[0] else {
                    throw DBusError(.invalidArgs, "expected one string parameter, got \(parameter)")
                }
                activations.put((action, json))
            },
        ])], at: "/org/example/Calendar")
        _ = try await app.requestName(Scene.appID)

        try await scene.postMeeting("gapp")
        try await scene.expectDisplayed(1)
        try scene.desktop.pick("ACCEPT_ACTION")
        let (action, json) = try await activations.next()
        #expect(action == "ACCEPT_ACTION")
        let response = try ModelJSON.decodeResponse(json)
        #expect(response.requestId == "gapp" && response.notification.content.userInfo["USER_ID"] == "U-42")
        try await scene.expectDisplayed(0)
    }

    @Test func anAppThatIsNotRunningIsStartedByDBusActivationToTakeTheResponse() async throws {
        let scene = try await Scene(registerHandler: false)
        // The app registered once under its name, then quit.
        let app = try await scene.bus.connect()
        _ = try await app.requestName(Scene.appID)
        _ = try await Proxy.usernotedCenter(on: app).call("RegisterHandler", [.string(Scene.appID), .objectPath("/org/example/Handler")])
        app.close()
        // It is installed with a D-Bus service file, as `make install` would do.
        let log = scene.bus.directory.appending(path: "activated.log").path
        let binary = DaemonProcess.productsDirectory.appending(path: "HandlerApp").path
        try """
            [D-BUS Service]
            Name=\(Scene.appID)
            Exec=\(binary) --name \(Scene.appID) --path /org/example/Handler --log \(log)
            """.write(to: scene.bus.servicesDirectory.appending(path: "\(Scene.appID).service"), atomically: true, encoding: .utf8)

        try await scene.postMeeting("activate-me")
        try await scene.expectDisplayed(1)
        try scene.desktop.pick("DECLINE_ACTION")
        let line = try await fileText(at: log, within: .seconds(20), "the activated app's log line") { !$0.isEmpty }
        #expect(line == "activate-me DECLINE_ACTION\n")
        try await scene.expectDisplayed(0)
    }
}
