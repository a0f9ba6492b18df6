import Foundation
import Testing
@testable import UsernotedService

/// The environment as usernoted reads it. Only lists made here: the live `environ` changes
/// under tests that run alongside (`ExecHandlerTests` sets variables), and walking it then
/// is not safe.
@Suite struct ProcessEnvironmentTests {
    /// The variables of `entries`, as C strings in a list like `environ`.
    func variables(_ entries: [[UInt8]]) -> [String: String] {
        let pointers: [UnsafeMutablePointer<CChar>?] = entries.map { bytes in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
            copy[bytes.count] = 0
            return copy
        } + [nil]
        defer { pointers.forEach { $0?.deallocate() } }
        var list = pointers
        return list.withUnsafeMutableBufferPointer { ProcessEnvironment.variables($0.baseAddress) }
    }

    @Test func aValueKeepsItsEqualsSignsAndTheFirstOfANameSetTwiceWins() {
        let entries = ["DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/1000/bus", "EMPTY=", "NOT A VARIABLE", "HOME=/home/a", "HOME=/home/b"]
        #expect(variables(entries.map { Array($0.utf8) }) == [
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/bus", "EMPTY": "", "HOME": "/home/a",
        ])
    }

    @Test func anEntryNotInUTF8IsNoVariableAsForFoundation() {
        let entries = [Array("USERNOTED_STATE_DIR=/home/a/".utf8) + [0xE9, 0x74, 0xE9], Array("LANG=fr_FR.UTF-8".utf8), Array("caf".utf8) + [0xE9] + Array("=1".utf8)]
        #expect(variables(entries) == ["LANG": "fr_FR.UTF-8"])
    }
}
