import DBus
import Foundation
import Testing
import TestSupport
import UserNotificationsCore
@testable import UsernotedService

/// Who may act for which app id, and what a refused caller is told.
@Suite struct CallerIdentityTests {
    func app(_ text: String) throws -> AppID { try AppID(validating: text) }

    @Test func theUserActsForAnyAppAndSandboxesOnlyForTheirOwn() throws {
        #expect(CallerIdentity.user.mayAct(for: try app("org.example.Anything")))
        let flatpak = CallerIdentity.flatpak(appID: "org.example.Notes")
        #expect(flatpak.mayAct(for: try app("org.example.Notes")))
        #expect(!flatpak.mayAct(for: try app("org.example.Notes.Helper")), "a Flatpak app has exactly its own id")
        #expect(!flatpak.mayAct(for: try app("org.example.Calendar")))
        let snap = CallerIdentity.snap(name: "notes")
        #expect(snap.mayAct(for: try app("snap.notes")))
        #expect(snap.mayAct(for: try app("snap.notes.Helper")))
        #expect(!snap.mayAct(for: try app("snap.notes-pro")), "another snap whose name starts the same")
        #expect(!snap.mayAct(for: try app("snap.notesx.app")))
        #expect(!snap.mayAct(for: try app("org.example.Notes")))
        #expect(!CallerIdentity.otherUser(uid: 1000, ownUID: 0).mayAct(for: try app("org.example.Notes")))
        #expect(!CallerIdentity.unidentified(reason: "gone").mayAct(for: try app("org.example.Notes")))
    }

    @Test func onlyUnsandboxedCallersMayHaveProgramsRun() {
        #expect(!CallerIdentity.user.isSandboxed)
        #expect(CallerIdentity.flatpak(appID: "org.example.Notes").isSandboxed)
        #expect(CallerIdentity.snap(name: "notes").isSandboxed)
    }

    @Test func aRefusalSaysWhoTheCallerIsAndWhatItMayActFor() throws {
        let other = CallerIdentity.otherUser(uid: 1001, ownUID: 1000).denial(for: nil)
        #expect(other.name == .accessDenied)
        #expect(other.message == "this usernoted serves uid 1000 only, and the caller runs as uid 1001; each user runs their own usernoted on their own session bus")
        let flatpak = CallerIdentity.flatpak(appID: "org.example.Notes").denial(for: try app("org.example.Calendar"))
        #expect(flatpak.message == "the caller is the Flatpak app org.example.Notes; it may act only for its own app id, org.example.Notes, not for org.example.Calendar")
        let snap = CallerIdentity.snap(name: "notes").denial(for: try app("org.example.Calendar"))
        #expect(snap.message == "the caller is the snap notes; it may act only for its own app ids, snap.notes and snap.notes.*, not for org.example.Calendar")
        let exec = CallerIdentity.flatpak(appID: "org.example.Notes").execDenial()
        #expect(exec.name == .accessDenied)
        #expect(exec.message.contains("the Flatpak app org.example.Notes may not have usernoted run a program for it") && exec.message.contains("RegisterHandler"))
    }

    @Test func credentialsAndProcTellWhoCalls() throws {
        let proc = try TemporaryDirectory.make(prefix: "usernoted-proc")
        func process(_ pid: Int, flatpakInfo: String? = nil, cgroup: String = "0::/user.slice\n") throws {
            let root = proc.appending(path: "\(pid)/root")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            if let flatpakInfo { try flatpakInfo.write(to: root.appending(path: ".flatpak-info"), atomically: true, encoding: .utf8) }
            try cgroup.write(to: proc.appending(path: "\(pid)/cgroup"), atomically: true, encoding: .utf8)
        }
        try process(10)
        try process(11, flatpakInfo: "[Application]\nname=org.example.Notes\n")
        try process(12, cgroup: "0::/app.slice/snap.notes.notes-1.scope\n")
        try process(13, flatpakInfo: "[Application]\nname=org.example.Notes\n", cgroup: "0::/app.slice/snap.notes.notes-1.scope\n")
        func identify(uid: UInt32?, pid: UInt32?) -> CallerIdentity {
            CallerIdentity.identify(Bus.Credentials(processID: pid, userID: uid), ownUID: 1000, proc: proc.path)
        }
        #expect(identify(uid: 1000, pid: 10) == .user)
        #expect(identify(uid: 1000, pid: 11) == .flatpak(appID: "org.example.Notes"))
        #expect(identify(uid: 1000, pid: 12) == .snap(name: "notes"))
        #expect(identify(uid: 1000, pid: 13) == .flatpak(appID: "org.example.Notes"), "Flatpak is asked first, as the portal does")
        #expect(identify(uid: 1001, pid: 10) == .otherUser(uid: 1001, ownUID: 1000))
        #expect(identify(uid: 0, pid: 10) == .otherUser(uid: 0, ownUID: 1000), "root is another user too")
        guard case .unidentified = identify(uid: nil, pid: 10), case .unidentified = identify(uid: 1000, pid: nil),
              case .unidentified = identify(uid: 1000, pid: 99)
        else {
            Issue.record("a caller without credentials or a process must not count as the user")
            return
        }
    }
}
