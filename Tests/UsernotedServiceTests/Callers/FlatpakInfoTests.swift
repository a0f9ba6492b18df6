import Foundation
import Testing
import TestSupport
@testable import UsernotedService

/// Reading a Flatpak app's id as xdg-desktop-portal does, from a process root laid out on disk.
@Suite struct FlatpakInfoTests {
    static let info = """
        [Application]
        name=org.example.Notes
        runtime=runtime/org.gnome.Platform/x86_64/47

        [Instance]
        instance-id=1234567890
        """

    @Test func theAppIDIsTheNameOfTheApplicationGroup() {
        #expect(FlatpakInfo.appID(inKeyFile: Self.info) == "org.example.Notes")
        #expect(FlatpakInfo.appID(inKeyFile: "# comment\n[Application]\n  name = org.example.Spaced  \n") == "org.example.Spaced")
        // Another group's name is not the app's; a runtime run on its own is known by the runtime's name.
        #expect(FlatpakInfo.appID(inKeyFile: "[Instance]\nname=org.example.Wrong\n") == nil)
        #expect(FlatpakInfo.appID(inKeyFile: "[Runtime]\nname=org.gnome.Platform\n") == "org.gnome.Platform")
        #expect(FlatpakInfo.appID(inKeyFile: "[Application]\nname=\n") == nil)
        #expect(FlatpakInfo.appID(inKeyFile: "") == nil)
    }

    /// A fake `/proc` holding process 42 whose root has `make` done to it.
    func proc(_ make: (URL) throws -> Void) throws -> String {
        let proc = try TemporaryDirectory.make(prefix: "usernoted-proc")
        let root = proc.appending(path: "42/root")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try make(root)
        return proc.path
    }

    @Test func aProcessRootIsReadWithoutFollowingLinksAndFailsClosed() throws {
        let app = try proc { try Self.info.write(to: $0.appending(path: ".flatpak-info"), atomically: true, encoding: .utf8) }
        #expect(FlatpakInfo.read(pid: 42, proc: app) == .app("org.example.Notes"))
        #expect(FlatpakInfo.read(pid: 42, proc: try proc { _ in }) == .notFlatpak)

        func isUnreadable(_ outcome: FlatpakInfo.Outcome, _ fragment: String) -> Bool {
            guard case .unreadable(let reason) = outcome else { return false }
            return reason.contains(fragment)
        }
        // No such process: never "unsandboxed".
        #expect(isUnreadable(FlatpakInfo.read(pid: 43, proc: app), "cannot open"))
        let link = try proc { root in
            try Self.info.write(to: root.appending(path: "elsewhere"), atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: root.appending(path: ".flatpak-info").path, withDestinationPath: "elsewhere")
        }
        #expect(isUnreadable(FlatpakInfo.read(pid: 42, proc: link), "cannot open"))
        let directory = try proc { try FileManager.default.createDirectory(at: $0.appending(path: ".flatpak-info"), withIntermediateDirectories: false) }
        #expect(isUnreadable(FlatpakInfo.read(pid: 42, proc: directory), "not a regular file"))
        let nameless = try proc { try "[Instance]\ninstance-id=1\n".write(to: $0.appending(path: ".flatpak-info"), atomically: true, encoding: .utf8) }
        #expect(isUnreadable(FlatpakInfo.read(pid: 42, proc: nameless), "names no application"))
        let invalid = try proc { try "[Application]\nname=notes\n".write(to: $0.appending(path: ".flatpak-info"), atomically: true, encoding: .utf8) }
        #expect(isUnreadable(FlatpakInfo.read(pid: 42, proc: invalid), "'notes', not a valid app id"))
    }
}
