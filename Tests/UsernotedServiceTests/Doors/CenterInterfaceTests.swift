import UsernotedAPI
import DBus
import Foundation
import Testing
import TestSupport
import UserNotificationsCore
@testable import UsernotedService

@Suite struct CenterInterfaceTests {
    static let meeting = #"[{"identifier":"MEETING_INVITATION","actions":[{"identifier":"ACCEPT_ACTION","title":"Accept"},{"identifier":"DECLINE_ACTION","title":"Decline"}],"options":["customDismissAction"]}]"#

    @Test func introspectionListsTheDesignSignatures() async throws {
        let scene = try await ServiceScene()
        let xml = try await scene.app.call(
            destination: Center1.busName, path: Center1.path,
            interface: "org.freedesktop.DBus.Introspectable", method: "Introspect").first?.as(String.self) ?? ""
        let expected: [(String, [(String, String, String)])] = [
            ("SetCategories", [("app_id", "s", "in"), ("categories_json", "s", "in")]),
            ("GetCategories", [("app_id", "s", "in"), ("json", "s", "out")]),
            ("Post", [("app_id", "s", "in"), ("category_id", "s", "in"), ("title", "s", "in"), ("body", "s", "in"), ("request_id", "s", "out")]),
            ("Add", [("app_id", "s", "in"), ("request_json", "s", "in"), ("request_id", "s", "out")]),
            ("GetDelivered", [("app_id", "s", "in"), ("json", "s", "out")]),
            ("RemoveDelivered", [("app_id", "s", "in"), ("ids", "as", "in")]),
            ("RemoveAllDelivered", [("app_id", "s", "in")]),
            ("RegisterHandler", [("app_id", "s", "in"), ("path", "o", "in")]),
            ("PostPayload", [("app_id", "s", "in"), ("apns_json", "s", "in"), ("request_id", "s", "out")]),
            ("SetBadge", [("app_id", "s", "in"), ("count", "i", "in")]),
            ("Subscribe", [("app_id", "s", "in")]),
            ("Unsubscribe", [("app_id", "s", "in")]),
        ]
        for (method, args) in expected {
            let block = ["  <method name=\"\(method)\">"] + args.map { "   <arg name=\"\($0.0)\" type=\"\($0.1)\" direction=\"\($0.2)\"/>" } + ["  </method>"]
            #expect(xml.contains(block.joined(separator: "\n")), "\(method)")
        }
        #expect(xml.contains("<signal name=\"Response\">\n   <arg name=\"app_id\" type=\"s\"/>\n   <arg name=\"request_id\" type=\"s\"/>\n   <arg name=\"action_id\" type=\"s\"/>\n   <arg name=\"user_text\" type=\"s\"/>\n   <arg name=\"response_json\" type=\"s\"/>"))
    }

    @Test func categoriesRoundTripAndReplaceAll() async throws {
        let scene = try await ServiceScene()
        try await scene.call("SetCategories", .string("org.example.Calendar"), .string(Self.meeting))
        let stored = try ModelJSON.decodeCategories(try await scene.call("GetCategories", .string("org.example.Calendar")) ?? "")
        #expect(stored.map(\.identifier) == ["MEETING_INVITATION"])
        #expect(stored.first?.actions.map(\.identifier) == ["ACCEPT_ACTION", "DECLINE_ACTION"])
        #expect(stored.first?.sendsDismissAction == true)
        try await scene.call("SetCategories", .string("org.example.Calendar"), .string("[]"))
        #expect(try await scene.call("GetCategories", .string("org.example.Calendar")) == "[]")
        #expect(try await scene.call("GetCategories", .string("org.example.Other")) == "[]")
    }

    @Test func malformedJSONIsNamedAndSaysWhere() async throws {
        let scene = try await ServiceScene()
        await #expect { try await scene.call("SetCategories", .string("org.example.Calendar"), .string(#"[{"identifier": "X", "actions": [}]"#)) } throws: {
            isDBusError($0, "io.github.usernoted.Error.InvalidJSON", "not valid JSON", "line 1")
        }
    }

    @Test func duplicateActionIdentifiersAreAnInvalidCategory() async throws {
        let scene = try await ServiceScene()
        let duplicate = #"[{"identifier":"M","actions":[{"identifier":"ACCEPT","title":"Accept"},{"identifier":"ACCEPT","title":"Accept again"}]}]"#
        await #expect { try await scene.call("SetCategories", .string("org.example.Calendar"), .string(duplicate)) } throws: {
            isDBusError($0, "io.github.usernoted.Error.InvalidCategory", "ACCEPT", "categories[0].actions[1]")
        }
        // Nothing was half-applied, and the daemon keeps serving.
        #expect(try await scene.call("GetCategories", .string("org.example.Calendar")) == "[]")
        try await scene.call("SetCategories", .string("org.example.Calendar"), .string(Self.meeting))
    }

    @Test func anUnknownCategoryIsNamedAndListsTheKnownOnes() async throws {
        let scene = try await ServiceScene()
        try await scene.call("SetCategories", .string("org.example.Calendar"), .string(Self.meeting))
        await #expect { try await scene.call("Post", .string("org.example.Calendar"), .string("MEETING"), .string("t"), .string("b")) } throws: {
            isDBusError($0, "io.github.usernoted.Error.UnknownCategory", "\"MEETING\"", "MEETING_INVITATION")
        }
        await #expect { try await scene.call("Post", .string("org.example.Fresh"), .string("ANY"), .string("t"), .string("b")) } throws: {
            isDBusError($0, "io.github.usernoted.Error.UnknownCategory", "SetCategories")
        }
        let request = #"{"content":{"title":"t","categoryIdentifier":"NOPE"}}"#
        await #expect { try await scene.call("Add", .string("org.example.Calendar"), .string(request)) } throws: {
            isDBusError($0, "io.github.usernoted.Error.UnknownCategory", "\"NOPE\"")
        }
    }

    @Test func badAppIdsAndRequestsAreNamed() async throws {
        let scene = try await ServiceScene()
        await #expect { try await scene.call("GetCategories", .string("calendar")) } throws: {
            isDBusError($0, "io.github.usernoted.Error.InvalidAppId", "calendar")
        }
        await #expect { try await scene.call("Add", .string("org.example.Calendar"), .string(#"{"content":{"tittle":"x"}}"#)) } throws: {
            isDBusError($0, "io.github.usernoted.Error.InvalidJSON", "tittle", "title")
        }
        let long = String(repeating: "x", count: 2000)
        await #expect { try await scene.call("Post", .string("org.example.Calendar"), .string(""), .string(long), .string("")) } throws: {
            isDBusError($0, "io.github.usernoted.Error.LimitExceeded", "title")
        }
    }

    @Test func wrongSignaturesAndUnknownMethodsAreStandardErrors() async throws {
        let scene = try await ServiceScene()
        await #expect { try await scene.center.call("Post", [.string("org.example.Calendar")]) } throws: {
            isDBusError($0, "org.freedesktop.DBus.Error.InvalidArgs", "s app_id, s category_id, s title, s body")
        }
        await #expect { try await scene.center.call("Explode", []) } throws: {
            isDBusError($0, "org.freedesktop.DBus.Error.UnknownMethod", "Explode")
        }
    }

    @Test func postsWithoutAServerAreAcceptedAndListedAsDelivered() async throws {
        let scene = try await ServiceScene()
        let id = try #require(try await scene.call("Post", .string("org.example.Calendar"), .string(""), .string("Hello"), .string("World")))
        #expect(id.count == 36)  // a UUID
        let delivered = try ModelJSON.decodeRequests(try await scene.call("GetDelivered", .string("org.example.Calendar")) ?? "")
        #expect(delivered.map(\.identifier) == [id])
        #expect(delivered.first?.content.title == "Hello")
        _ = try await scene.center.call("RemoveDelivered", [.string("org.example.Calendar"), [id].dbusValue])
        #expect(try await scene.call("GetDelivered", .string("org.example.Calendar")) == "[]")
    }

    /// Post, Add and PostPayload overlap their waiting with the calls after them; what one
    /// app sends back to back still takes effect in the order sent.
    @Test func callsSentBackToBackTakeEffectInTheOrderSent() async throws {
        let scene = try await ServiceScene()
        let app = "org.example.Calendar"
        let tomorrow = #"{"identifier":"X","content":{"title":"later"},"trigger":{"timeInterval":86400}}"#
        let calls: [(String, [Value])] = [
            ("Add", [.string(app), .string(tomorrow)]),
            ("RemovePending", [.string(app), .array(.string, [.string("X")])]),
            ("Add", [.string(app), .string(#"{"identifier":"Y","content":{"title":"first"}}"#)]),
            ("Add", [.string(app), .string(#"{"identifier":"Y","content":{"title":"second"}}"#)]),
            ("Add", [.string(app), .string(tomorrow.replacingOccurrences(of: "\"X\"", with: "\"Z\""))]),
            ("Post", [.string(app), .string(""), .string("shown now"), .string("")]),
        ]
        for (method, body) in calls {  // sent in order, replies not awaited
            try scene.app.send(Message.methodCall(
                destination: Center1.busName, path: Center1.path, interface: Center1.interface,
                member: method, body: body))
        }
        let pending = try ModelJSON.decodeRequests(try await scene.call("GetPending", .string(app)) ?? "")
        #expect(pending.map(\.identifier) == ["Z"], "X was removed after it was added")
        let delivered = try ModelJSON.decodeRequests(try await scene.call("GetDelivered", .string(app)) ?? "")
        #expect(delivered.count == 2)
        #expect(delivered.first { $0.identifier == "Y" }?.content.title == "second", "the later Add replaced the earlier")
    }

    @Test func aSecondDaemonRefusesToStartAndSaysWhy() async throws {
        let scene = try await ServiceScene()
        let second = Daemon(connection: try await scene.bus.connect(), store: scene.daemon.store, logger: .init(label: "second"), config: Config())
        await #expect { try await second.run() } throws: { error in
            (error as? DBusError)?.message.contains("another usernoted is running") == true
        }
        #expect(try await scene.call("GetCategories", .string("org.example.Calendar")) == "[]")
    }

    // MARK: PostPayload and SetBadge

    /// The daemon with a fake notification server on one private bus.
    static func sceneWithServer() async throws -> (ServiceScene, FakeNotificationServer) {
        let bus = try PrivateBus()
        let server = try await FakeNotificationServer(bus: bus)
        return (try await ServiceScene(bus: bus), server)
    }

    /// Every `LauncherEntry.Update` the app's connection sees from now on: app URI, properties, sender.
    static func launcherUpdates(on scene: ServiceScene) async throws -> Inbox<(uri: String, properties: [String: Value], sender: String)> {
        let inbox = Inbox<(uri: String, properties: [String: Value], sender: String)>()
        let stream = try await scene.app.signals(matching: MatchRule(
            path: LauncherEntry.path, interface: LauncherEntry.interface, member: "Update"))
        Task {
            for await message in stream {
                inbox.put((message.body.first?.as(String.self) ?? "", message.body.last?.as([String: Value].self) ?? [:], message.sender ?? ""))
            }
        }
        return inbox
    }

    @Test func setBadgeTellsDocksThroughTheUnityLauncherEntry() async throws {
        let scene = try await ServiceScene()
        let updates = try await Self.launcherUpdates(on: scene)
        try await scene.call("SetBadge", .string("org.example.Calendar"), .int32(5))
        let update = try await updates.next(within: .seconds(10), "LauncherEntry.Update")
        #expect(update.uri == "application://org.example.Calendar.desktop")
        #expect(update.properties == ["count": .int64(5), "count-visible": .boolean(true)])
        #expect(update.sender == scene.daemon.connection.uniqueName)
        #expect(scene.daemon.badges.count(of: try AppID(validating: "org.example.Calendar")) == 5)
        try await scene.call("SetBadge", .string("org.example.Calendar"), .int32(0))
        let cleared = try await updates.next(within: .seconds(10), "LauncherEntry.Update")
        #expect(cleared.properties == ["count": .int64(0), "count-visible": .boolean(false)])
    }

    @Test func aNegativeBadgeIsAnInvalidRequestAndChangesNothing() async throws {
        let scene = try await ServiceScene()
        let updates = try await Self.launcherUpdates(on: scene)
        await #expect { try await scene.call("SetBadge", .string("org.example.Calendar"), .int32(-1)) } throws: {
            isDBusError($0, "io.github.usernoted.Error.InvalidRequest", "count is -1", "0 or more")
        }
        await #expect { try await scene.call("SetBadge", .string("calendar"), .int32(1)) } throws: {
            isDBusError($0, "io.github.usernoted.Error.InvalidAppId", "calendar")
        }
        // Nothing was sent for those: the first update is the next good call's.
        try await scene.call("SetBadge", .string("org.example.Calendar"), .int32(2))
        #expect(try await updates.next(within: .seconds(10), "LauncherEntry.Update").properties["count"] == .int64(2))
        #expect(scene.daemon.badges.count(of: try AppID(validating: "org.example.Calendar")) == 2)
    }

    @Test func postPayloadShowsTheAlertWithTheCustomKeysAsUserInfoAndSetsTheBadge() async throws {
        let (scene, server) = try await Self.sceneWithServer()
        try await scene.call("SetCategories", .string("org.example.Calendar"), .string(Self.meeting))
        let updates = try await Self.launcherUpdates(on: scene)
        let payload = #"{"aps":{"alert":{"title":"Weekly Staff Meeting","subtitle":"Room 4","body":"Every Tuesday at 2pm"},"category":"MEETING_INVITATION","thread-id":"staff","sound":{"critical":1,"name":"default","volume":0.5},"badge":3},"MEETING_ID":"M-1"}"#
        let id = try #require(try await scene.call("PostPayload", .string("org.example.Calendar"), .string(payload)))
        let shown = try await server.notifyCalls.next(within: .seconds(10), "Notify")
        #expect(shown.summary == "Weekly Staff Meeting")
        #expect(shown.body == "Room 4\nEvery Tuesday at 2pm")
        #expect(shown.actionKeys == ["default", "ACCEPT_ACTION", "DECLINE_ACTION"])
        #expect(shown.hints["urgency"] == .byte(2))
        #expect(shown.hints["sound-name"] == .string("message-new-instant"))
        #expect(shown.hints["x-usernoted-request"] == .string(id))
        let update = try await updates.next(within: .seconds(10), "LauncherEntry.Update")
        #expect(update.uri == "application://org.example.Calendar.desktop")
        #expect(update.properties["count"] == .int64(3))
        let delivered = try ModelJSON.decodeRequests(try await scene.call("GetDelivered", .string("org.example.Calendar")) ?? "")
        #expect(delivered.map(\.identifier) == [id])
        #expect(delivered.first?.content.userInfo == ["MEETING_ID": "M-1"])
        #expect(delivered.first?.content.threadIdentifier == "staff")
    }

    @Test func aBadgeOnlyPayloadShowsNothingAndAnswersAnEmptyID() async throws {
        let (scene, server) = try await Self.sceneWithServer()
        let updates = try await Self.launcherUpdates(on: scene)
        #expect(try await scene.call("PostPayload", .string("org.example.Calendar"), .string(#"{"aps":{"badge":9}}"#)) == "")
        #expect(try await updates.next(within: .seconds(10), "LauncherEntry.Update").properties["count"] == .int64(9))
        #expect(try await scene.call("GetDelivered", .string("org.example.Calendar")) == "[]")
        // The next Notify the server sees is the next post's: the payload showed nothing.
        try await scene.call("Post", .string("org.example.Calendar"), .string(""), .string("Next"), .string(""))
        #expect(try await server.notifyCalls.next(within: .seconds(10), "Notify").summary == "Next")
    }

    @Test func aRefusedPayloadIsNamedAndSetsNoBadge() async throws {
        let scene = try await ServiceScene()
        let updates = try await Self.launcherUpdates(on: scene)
        await #expect {
            try await scene.call("PostPayload", .string("org.example.Calendar"), .string(#"{"aps":{"alert":{"action-loc-key":"PLAY","body":"x"},"badge":1}}"#))
        } throws: {
            isDBusError($0, "io.github.usernoted.Error.InvalidRequest", "aps.alert.action-loc-key: is not supported")
        }
        await #expect {
            try await scene.call("PostPayload", .string("org.example.Calendar"), .string(#"{"aps":{"alert":{"loc-args":["Anna"]},"badge":1}}"#))
        } throws: {
            isDBusError($0, "io.github.usernoted.Error.InvalidRequest", "aps.alert.loc-args: is given without 'loc-key'")
        }
        await #expect {
            try await scene.call("PostPayload", .string("org.example.Calendar"), .string(#"{"aps":{"alert":"x","category":"NOPE","badge":1}}"#))
        } throws: {
            isDBusError($0, "io.github.usernoted.Error.UnknownCategory", "\"NOPE\"")
        }
        await #expect { try await scene.call("PostPayload", .string("org.example.Calendar"), .string("{")) } throws: {
            isDBusError($0, "io.github.usernoted.Error.InvalidJSON", "payload: not valid JSON")
        }
        try await scene.call("SetBadge", .string("org.example.Calendar"), .int32(4))
        #expect(try await updates.next(within: .seconds(10), "LauncherEntry.Update").properties["count"] == .int64(4))
        #expect(try await scene.call("GetDelivered", .string("org.example.Calendar")) == "[]")
    }

    @Test func theInstalledInterfaceXMLIsWhatTheDaemonServes() async throws {
        let scene = try await ServiceScene()
        let served = try #require(try await scene.app.call(
            destination: Center1.busName, path: Center1.path,
            interface: "org.freedesktop.DBus.Introspectable", method: "Introspect").first?.as(String.self))
        let file = repositoryRoot.appending(path: "dbus/io.github.usernoted.Center1.xml")
        let installed = try String(contentsOf: file, encoding: .utf8)
        func center1(_ xml: String) -> Substring? {
            guard let start = xml.range(of: #"<interface name="io.github.usernoted.Center1">"#),
                  let end = xml.range(of: "</interface>", range: start.upperBound..<xml.endIndex)
            else { return nil }
            return xml[start.lowerBound..<end.upperBound]
        }
        let servedInterface = try #require(center1(served))
        #expect(center1(installed) == servedInterface, "update dbus/io.github.usernoted.Center1.xml from Introspect")
    }
}
