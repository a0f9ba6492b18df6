import DBus
import Testing
import TestSupport
import UserNotificationsCore
@testable import UsernotedService

@Suite struct CenterInterfaceTests {
    static let meeting = #"[{"identifier":"MEETING_INVITATION","actions":[{"identifier":"ACCEPT_ACTION","title":"Accept"},{"identifier":"DECLINE_ACTION","title":"Decline"}],"options":["customDismissAction"]}]"#

    @Test func introspectionListsTheDesignSignatures() async throws {
        let scene = try await ServiceScene()
        let xml = try await scene.app.call(
            destination: CenterInterface.busName, path: CenterInterface.path,
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

    @Test func aSecondDaemonRefusesToStartAndSaysWhy() async throws {
        let scene = try await ServiceScene()
        let second = Daemon(connection: try scene.bus.connect(), store: scene.daemon.store, logger: .init(label: "second"))
        await #expect { try await second.run() } throws: { error in
            (error as? DBusError)?.message.contains("another usernoted is running") == true
        }
        #expect(try await scene.call("GetCategories", .string("org.example.Calendar")) == "[]")
    }
}
