import DBus
import Testing
import TestSupport
import UserNotificationsCore
@testable import FreedesktopNotifications

@Suite struct NotificationsServerTests {
    @Test func capabilitiesAreReadFromTheServer() async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(bus: bus, capabilities: ["actions", "body-markup", "inline-reply"])
        let caps = try await NotificationsServer(connection: try await bus.connect()).capabilities()
        withExtendedLifetime(fake) {}
        #expect(caps == ServerCapabilities(["actions", "body-markup", "inline-reply"]))
    }

    @Test func informationNamesTheServer() async throws {
        let bus = try PrivateBus()
        let dunst = FakeNotificationServer.Information(name: "dunst", vendor: "knopwob", version: "1.9.0 (2022-06-27)", specVersion: "1.2")
        let fake = try await FakeNotificationServer(bus: bus, information: dunst)
        let info = try await NotificationsServer(connection: try await bus.connect()).information()
        withExtendedLifetime(fake) {}
        #expect(info == ServerInformation(name: "dunst", vendor: "knopwob", version: "1.9.0 (2022-06-27)", specVersion: "1.2"))
    }

    @Test func notifySendsTheCallAndReturnsTheServersID() async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(bus: bus)
        let connection = try await bus.connect()
        let call = NotifyMapping.call(
            appID: try AppID(validating: "org.example.Calendar"),
            request: NotificationRequest(identifier: "r1", content: NotificationContent(title: "Standup", body: "soon")),
            category: nil, capabilities: ServerCapabilities(["actions"]))
        let id = try await NotificationsServer(connection: connection).notify(call)
        let received = try await fake.notifyCalls.next()
        #expect(received.id == id)
        #expect(received.sender == connection.uniqueName)
        #expect(received.summary == "Standup" && received.body == "soon" && received.actions == ["default", "Open"])
        #expect(received.hints == call.hints)
        #expect(received.expireTimeout == -1 && received.replacesID == 0)
    }

    @Test func closeAsksTheServerToClose() async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(bus: bus)
        let server = NotificationsServer(connection: try await bus.connect())
        let call = NotifyCall(appName: "a", replacesID: 0, appIcon: "", summary: "s", body: "", actions: [], hints: [:], expireTimeout: 0)
        let id = try await server.notify(call)
        try await server.close(id)
        #expect(try await fake.closeCalls.next() == id)
        #expect(await fake.displayed.isEmpty)
    }

    @Test func withoutAServerCallsFailAsServiceUnknown() async throws {
        let bus = try PrivateBus()
        let server = NotificationsServer(connection: try await bus.connect())
        await #expect { try await server.capabilities() } throws: { ($0 as? DBusError)?.name == .serviceUnknown }
    }
}
