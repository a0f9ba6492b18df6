import Foundation
import Testing
import TestSupport
@testable import UsernotedService

/// Telling a snap from its control groups, as xdg-desktop-portal does, from /proc/<pid>/cgroup text.
@Suite struct SnapCgroupTests {
    @Test func aSnapScopeOrServiceNamesTheSnapInTheUnifiedHierarchy() {
        #expect(SnapCgroup.snap(inCgroupFile: "0::/user.slice/user-1000.slice/user@1000.service/app.slice/snap.firefox.firefox-2f1c6a0e-8e0c-4c5b-9a43-5b8b9f0f3d1e.scope\n") == .snap("firefox"))
        #expect(SnapCgroup.snap(inCgroupFile: "0::/system.slice/snap.nextcloud.php-fpm.service\n") == .snap("nextcloud"))
        #expect(SnapCgroup.snap(inCgroupFile: "0::/user.slice/user-1000.slice/user@1000.service/app.slice/snap.firefox_beta.firefox-1.scope\n") == .snap("firefox_beta"))
        #expect(SnapCgroup.snap(inCgroupFile: "0::/user.slice/user-1000.slice/user@1000.service/app.slice/snap.gnome-calculator.hook.configure-1.scope\n") == .snap("gnome-calculator"))
    }

    @Test func withCgroupV1OnlyTheFreezerAndSystemdHierarchiesCount() {
        let v1 = """
            12:pids:/user.slice/user-1000.slice/user@1000.service
            9:freezer:/snap.telegram-desktop
            1:name=systemd:/user.slice/user-1000.slice/user@1000.service/app.slice/snap.telegram-desktop.telegram-desktop-1.scope
            0::/user.slice/user-1000.slice/user@1000.service/app.slice/snap.telegram-desktop.telegram-desktop-1.scope
            """
        #expect(SnapCgroup.snap(inCgroupFile: v1) == .snap("telegram-desktop"))
        // A snap-looking group in another controller's hierarchy is not a snap.
        #expect(SnapCgroup.snap(inCgroupFile: "4:memory:/snap.evil.app-1.scope\n0::/user.slice\n") == .notSnap)
    }

    @Test func programsOutsideSnapsAreNotSnaps() {
        #expect(SnapCgroup.snap(inCgroupFile: "0::/user.slice/user-1000.slice/user@1000.service/app.slice/app-org.gnome.Terminal.slice/vte-spawn-1.scope\n") == .notSnap)
        #expect(SnapCgroup.snap(inCgroupFile: "0::/\n") == .notSnap)
        #expect(SnapCgroup.snap(inCgroupFile: "") == .notSnap)
        // "snap" inside a component's name is not a snap's group.
        #expect(SnapCgroup.snap(inCgroupFile: "0::/user.slice/app-snapshot.firefox.scope\n") == .notSnap)
    }

    @Test func aSnapWhoseNameCannotBeToldIsTrustedWithNothing() {
        for text in ["0::/app.slice/snap..app.scope\n", "0::/app.slice/snap.Firefox.firefox-1.scope\n",
                     "0::/app.slice/snap.-x.app.scope\n", "0::/app.slice/snap.x_TOOLONGKEY123.app.scope\n",
                     "9:freezer:/snap.one\n0::/app.slice/snap.two.app-1.scope\n"] {
            guard case .unreadable = SnapCgroup.snap(inCgroupFile: text) else {
                Issue.record("\(text) was not refused")
                continue
            }
        }
    }

    @Test func theFileIsReadFromProc() throws {
        let proc = try TemporaryDirectory.make(prefix: "usernoted-proc")
        try FileManager.default.createDirectory(at: proc.appending(path: "7"), withIntermediateDirectories: true)
        try "0::/app.slice/snap.notes.notes-1.scope\n".write(to: proc.appending(path: "7/cgroup"), atomically: true, encoding: .utf8)
        #expect(SnapCgroup.read(pid: 7, proc: proc.path) == .snap("notes"))
        #expect(SnapCgroup.read(pid: 8, proc: proc.path) == .notSnap)
        #expect(SnapCgroup.read(pid: UInt32(getpid())) == .notSnap, "the test runner is no snap")
    }
}
