import Foundation
import Testing
import TestSupport
@testable import FreedesktopNotifications

@Suite struct ServerProfileTests {
    static func info(_ name: String, _ vendor: String, _ version: String) -> ServerInformation {
        ServerInformation(name: name, vendor: vendor, version: version, specVersion: "1.2")
    }

    @Test func theServersTheMatrixRunsAreMatchedByWhatTheyAnswered() {
        // GetServerInformation as each answered on the test desktop.
        #expect(ServerProfile.matching(Self.info("dunst", "knopwob", "1.9.0 (2022-06-27)")).label == "dunst 1.9")
        #expect(ServerProfile.matching(Self.info("Xfce Notify Daemon", "Xfce", "0.7.3")).label == "xfce4-notifyd 0.7.3")
        #expect(ServerProfile.matching(Self.info("Notification Daemon", "GNOME", "3.20.0")).label == "notification-daemon 3.20")
        #expect(ServerProfile.matching(Self.info("Notification Daemon", "MATE", "1.26.0")).label == "mate-notification-daemon 1.26")
        #expect(ServerProfile.matching(Self.info("lxqt-notificationd", "lxqt.org", "1.2.0")).label == "lxqt-notificationd 1.2")
        #expect(ServerProfile.matching(Self.info("Plasma", "KDE", "5.27.5")).label == "Plasma 5.27")
        #expect(ServerProfile.matching(Self.info("mako", "emersion", "0.0.0")).label == "mako 1.7 (sway)")
        #expect(ServerProfile.matching(Self.info("SwayNotificationCenter", "ErikReider", "0.7.3")).label == "swaync (sway)")
        #expect(ServerProfile.matching(Self.info("gnome-shell", "GNOME", "43.9")).buttons == 3)
    }

    @Test func theVersionChoosesTheRowWhereServersChanged() {
        #expect(ServerProfile.matching(Self.info("Plasma", "KDE", "5.27.5")).senderExit == .keeps)
        #expect(ServerProfile.matching(Self.info("Plasma", "KDE", "6.2.4")).senderExit == .dropsActions)
        // Components, not characters: 50 is not 5.
        #expect(ServerProfile.matching(Self.info("Plasma", "KDE", "50.1")) == .unknown)
        // GNOME Shell 46 and later drop a gone sender's notifications; 43 keeps them, its signals going nowhere.
        #expect(ServerProfile.matching(Self.info("gnome-shell", "GNOME", "43.9")).label == "GNOME Shell 43")
        #expect(ServerProfile.matching(Self.info("gnome-shell", "GNOME", "46.0")).senderExit == .dropsNotification)
        #expect(ServerProfile.matching(Self.info("gnome-shell", "GNOME", "50.5")).label == "GNOME Shell 48+")
        #expect(ServerProfile.matching(Self.info("gnome-shell", "GNOME", "47.2")).label == "GNOME Shell 46–47")
        #expect([ServerProfile.matching(Self.info("gnome-shell", "GNOME", "47.2")).keepsPerApp, ServerProfile.matching(Self.info("gnome-shell", "GNOME", "48.7")).keepsPerApp] == [3, 10])
        #expect(ServerProfile.matching(Self.info("gnome-shell", "GNOME", "45.4")).senderExit == .signalsLost)
    }

    /// GNOME Shell shows no banner for a low-urgency notification (`Source.showNotification` in
    /// 43's messageTray.js, `_onNotificationRequestBanner` in 48's) and lists it. Plasma still pops
    /// a low-urgency one up and keeps it out of its history (`LowPriorityPopups` true and
    /// `LowPriorityHistory` false by default); dunst and mako style by urgency: not there.
    @Test func lowUrgencyIsQuietOnGnomeShellOnly() {
        #expect(ServerProfile.matching(Self.info("gnome-shell", "GNOME", "43.9")).quietAtLowUrgency)
        #expect(ServerProfile.matching(Self.info("gnome-shell", "GNOME", "48.7")).quietAtLowUrgency)
        #expect(ServerProfile.table.filter(\.quietAtLowUrgency).map(\.label) == ["GNOME Shell 48+", "GNOME Shell 46–47", "GNOME Shell 43"])
        #expect(!ServerProfile.unknown.quietAtLowUrgency)
    }

    @Test func anUnknownServerOrNoAnswerGetsTheConservativeDefault() {
        #expect(ServerProfile.matching(Self.info("usernoted-fake", "usernoted", "1.0")) == .unknown)
        #expect(ServerProfile.matching(nil) == .unknown)
        #expect(ServerProfile.unknown.buttons == 3)
        #expect(ServerProfile.unknown.resident == .unknown && ServerProfile.unknown.transient == .unknown)
    }

    @Test func theDefaultActionShownAsAButtonTakesARoom() {
        var profile = ServerProfile.unknown
        #expect(profile.categoryButtons == 3)
        profile.defaultAsButton = true
        #expect(profile.categoryButtons == 2)
        profile.buttons = nil
        #expect(profile.categoryButtons == nil)
    }

    @Test func docsServersTableIsTheProfileTable() throws {
        let text = try String(contentsOf: repositoryRoot.appending(path: "docs/servers.md"), encoding: .utf8)
        #expect(text.contains(ServerProfile.markdownTable + "\n"),
                "docs/servers.md's profile table differs from ServerProfile.table; paste this:\n\(ServerProfile.markdownTable)")
    }

    @Test func theReadmeServersTableIsTheMeasuredRowsOfTheProfileTable() throws {
        let text = try String(contentsOf: repositoryRoot.appending(path: "README.md"), encoding: .utf8)
        #expect(text.contains(ServerProfile.readmeTable + "\n"),
                "README.md's servers table differs from ServerProfile.table; paste this:\n\(ServerProfile.readmeTable)")
    }
}
