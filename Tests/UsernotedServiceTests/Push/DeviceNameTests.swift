import Foundation
import Testing
import TestSupport
@testable import UsernotedService

@Suite struct DeviceNameTests {
    @Test func itIsStableDiffersPerUserAndIs32HexDigits() {
        let alice = DeviceName.derived(user: "alice", machineID: "0123456789abcdef0123456789abcdef")
        #expect(alice == DeviceName.derived(user: "alice", machineID: "0123456789abcdef0123456789abcdef"))
        #expect(alice != DeviceName.derived(user: "bob", machineID: "0123456789abcdef0123456789abcdef"))
        #expect(alice != DeviceName.derived(user: "alice", machineID: "fedcba9876543210fedcba9876543210"))
        #expect(alice.count == 32 && alice.allSatisfy(\.isHexDigit))
    }

    @Test func itIsReadFromTheMachineIDFile() throws {
        let file = try TemporaryDirectory.make(prefix: "usernoted-machine-id").appending(path: "machine-id")
        try "0123456789abcdef0123456789abcdef\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(DeviceName.derived(user: "alice", machineIDFile: file.path)
                == DeviceName.derived(user: "alice", machineID: "0123456789abcdef0123456789abcdef"))
        #expect(DeviceName.derived(user: "alice", machineIDFile: "/nonexistent") == nil)
    }
}
