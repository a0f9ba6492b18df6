import Foundation
import Testing
import TestSupport
@testable import UsernotedService

/// usernoted refuses the system bus, however its address is spelled.
@Suite struct SessionBusOnlyTests {
    func refusal(_ environment: [String: String]) -> String? {
        do {
            try SessionBusOnly.check(environment)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func startedByTheSystemBusItRefuses() {
        let message = refusal(["DBUS_STARTER_BUS_TYPE": "system", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/bus"])
        #expect(message?.contains("DBUS_STARTER_BUS_TYPE=system") == true)
        #expect(message?.contains("session bus only") == true)
        #expect(refusal(["DBUS_STARTER_BUS_TYPE": "session", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/bus"]) == nil)
    }

    @Test func aSessionAddressNamingTheSystemBusSocketIsRefused() throws {
        let bus = try PrivateBus()
        let socket = bus.directory.appending(path: "bus").path
        #expect(refusal(["DBUS_SESSION_BUS_ADDRESS": bus.address, "DBUS_SYSTEM_BUS_ADDRESS": bus.noSystemBus]) == nil)
        // The same socket, spelled another way (a guid, an escaped character, a detour through ..).
        let detour = bus.directory.appending(path: "services").path + "/../bu%73"
        for session in [bus.address, "unix:path=\(socket)", "unix:path=\(detour),guid=0123", "tcp:host=x;unix:path=\(socket)"] {
            let message = refusal(["DBUS_SESSION_BUS_ADDRESS": session, "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(socket)"])
            #expect(message?.contains("is the system bus (\(socket))") == true, "\(session)")
        }
        #expect(refusal(["DBUS_SESSION_BUS_ADDRESS": "unix:abstract=/tmp/dbus-x,guid=1", "DBUS_SYSTEM_BUS_ADDRESS": "unix:abstract=/tmp/dbus-x"])?
            .contains("is the system bus") == true)
        #expect(refusal(["DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/dbus/system_bus_socket"]) != nil, "the standard system bus socket")
    }

    @Test func addressValuesAreUnescaped() {
        #expect(SessionBusOnly.unescape("/tmp/a%2cb%2C%41") == "/tmp/a,b,A")
        #expect(SessionBusOnly.unescape("100%") == "100%")
    }
}
