import Testing
import TestSupport
@testable import DBus

/// Reading another program's properties: `Properties.Get`, and what a `PropertiesChanged` carries.
@Suite struct ConnectionPropertiesTests {
    @Test func aPropertyIsReadWithItsVariantUnwrapped() async throws {
        let p = try await ObjectServerTests().peers()
        let version = try await p.client.property("Version", of: "org.example.Greeter", at: "/greeter", on: p.server.uniqueName)
        #expect(version == .string("1.0"))
        await #expect(throws: DBusError.self) {
            try await p.client.property("Colour", of: "org.example.Greeter", at: "/greeter", on: p.server.uniqueName)
        }
    }

    @Test func aChangeSignalGivesTheNewValueOfTheNamedPropertyOnly() async throws {
        let p = try await ObjectServerTests().peers()
        let changes = try await p.client.signals(matching: MatchRule(
            sender: p.server.uniqueName, interface: Connection.propertiesInterface, member: "PropertiesChanged"))
        try p.server.emit(
            StandardInterface.propertiesChanged, path: "/greeter", interface: Connection.propertiesInterface,
            "org.example.Greeter", ["Volume": .int32(7)], [])
        var iterator = changes.makeAsyncIterator()
        let message = try #require(await iterator.next())
        #expect(message.changedProperty("Volume") == .int32(7))
        #expect(message.changedProperty("Version") == nil, "not in the signal")
    }
}
