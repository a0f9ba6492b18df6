import UsernotedAPI
import DBus
import Testing
import UserNotificationsCore
@testable import UsernotedService

@Suite struct BadgesTests {
    static let app = try! AppID(validating: "org.example.Calendar")

    @Test func theLauncherEntryNamesTheAppsDesktopFile() {
        #expect(LauncherEntry.appURI(of: Self.app) == "application://org.example.Calendar.desktop")
        #expect(LauncherEntry.path == "/io/github/usernoted/LauncherEntry")
        #expect(LauncherEntry.interface == "com.canonical.Unity.LauncherEntry")
        #expect(LauncherEntry.update.name == "Update")
        #expect(LauncherEntry.update.arguments.map(\.type) == [.string, .dictionary(key: .string, value: .variant)])
    }

    @Test func theCountIsAnInt64AndHiddenAtZero() {
        #expect(LauncherEntry.properties(count: 12) == ["count": .int64(12), "count-visible": .boolean(true)])
        #expect(LauncherEntry.properties(count: 0) == ["count": .int64(0), "count-visible": .boolean(false)])
        #expect(LauncherEntry.properties(count: 0).dbusValue.type == .dictionary(key: .string, value: .variant))
    }

    @Test func countsAreKeptPerAppAndNegativesRefused() throws {
        var badges = Badges()
        let other = try AppID(validating: "org.example.Mail")
        #expect(badges.count(of: Self.app) == nil)
        try badges.set(3, of: Self.app)
        try badges.set(1, of: other)
        #expect(badges.count(of: Self.app) == 3 && badges.count(of: other) == 1)
        #expect(throws: CenterError(.invalidRequest, "count is -2; a badge count must be 0 or more (0 clears the badge)")) {
            try badges.set(-2, of: Self.app)
        }
        #expect(badges.count(of: Self.app) == 3)
    }
}
