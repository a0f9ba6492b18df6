import Foundation
import Testing
@testable import UsernotedService

/// The environment as usernoted reads it at start.
@Suite struct ProcessEnvironmentTests {
    @Test func readsWhatFoundationReads() {
        #expect(ProcessEnvironment.read() == ProcessInfo.processInfo.environment)
    }

    @Test func aValueKeepsItsEqualsSignsAndTheFirstOfANameSetTwiceWins() {
        let entries = ["DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/1000/bus", "EMPTY=", "NOT A VARIABLE", "HOME=/home/a", "HOME=/home/b"]
        let pointers = entries.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        var list = pointers
        let variables = list.withUnsafeMutableBufferPointer { ProcessEnvironment.variables($0.baseAddress) }
        #expect(variables == ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/bus", "EMPTY": "", "HOME": "/home/a"])
    }
}
