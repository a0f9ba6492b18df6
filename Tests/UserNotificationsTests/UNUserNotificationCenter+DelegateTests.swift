import UsernotedAPI
import DBus
import Testing
import TestSupport
@testable import UserNotifications

struct UNUserNotificationCenterDelegateTests {
    @Test func settingTheDelegateRegistersTheHandlerOnTheCentersConnection() async throws {
        let fake = try await FakeCenter()
        let app = try await fake.bus.connect()
        let center = UNUserNotificationCenter(appID: "org.example.Calendar", connection: app)
        let delegate = AsyncDelegate()
        center.delegate = delegate
        #expect(center.delegate === delegate)
        let call = try await fake.calls.next(within: .seconds(10), "RegisterHandler")
        #expect(call.method == "RegisterHandler")
        #expect(call.arguments == [.string("org.example.Calendar"), .objectPath("/io/github/usernoted/Handler")])
        // The object is served before the daemon is told about it.
        let xml = try await fake.connection.call(
            destination: app.uniqueName, path: "/io/github/usernoted/Handler",
            interface: "org.freedesktop.DBus.Introspectable", method: "Introspect")
        #expect(xml.first?.as(String.self)?.contains("io.github.usernoted.Handler1") == true)
    }

    @Test func theDelegateIsHeldWeakly() async throws {
        let fake = try await FakeCenter()
        let center = try await fake.center()
        var delegate: AsyncDelegate? = AsyncDelegate()
        center.delegate = delegate
        delegate = nil
        #expect(center.delegate == nil)
    }

    @Test func theAppIDCanBeClaimedForActivation() async throws {
        let fake = try await FakeCenter()
        let app = try await fake.bus.connect()
        let center = UNUserNotificationCenter(appID: "org.example.Calendar", connection: app)
        #expect(try await center.claimAppIDBusName())
        #expect(try await fake.connection.nameOwner("org.example.Calendar") == app.uniqueName)
    }
}
