import Testing
@testable import FreedesktopNotifications

/// What GIO is asked for: only installed boolean keys (GIO aborts the process on a schema or
/// key that is not installed). Reading one, through dconf, is GnomeShellTests' to show.
@Suite struct DesktopSettingTests {
    @Test func aSchemaOrKeyThatIsNotInstalledIsNoSetting() {
        #expect(DesktopSetting(schema: "org.example.NoSuchSchema", key: "show-banners") == nil)
        #expect(DesktopSetting(schema: "org.gnome.desktop.notifications", key: "no-such-key") == nil)
    }

    @Test(.enabled(if: DesktopSetting(schema: "org.gnome.desktop.notifications", key: "show-banners") != nil,
                   "gsettings-desktop-schemas is not installed"))
    func onlyABooleanKeyIsASetting() {
        #expect(DesktopSetting(schema: "org.gnome.desktop.notifications", key: "application-children") == nil, "a list of strings")
        #expect(DesktopSetting(schema: "org.gnome.desktop.notifications", key: "show-in-lock-screen")?.key == "show-in-lock-screen")
    }
}
