import DBus
import Foundation
import Testing
import TestSupport

/// What a server shows as the app: the `Name` and `Icon` of its desktop file (found with
/// GIO, as the desktop finds it), or its id where it has none; the built daemon, a fake server.
@Suite(.serialized) struct AppIdentityTests {
    static let calendar = "org.example.Calendar"

    /// The daemon with its own data dirs (`applications/` in `home`), and the server.
    struct IdentityScene {
        let bus: PrivateBus
        let server: FakeNotificationServer
        let daemon: DaemonProcess
        let applications: URL

        init() async throws {
            bus = try PrivateBus()
            server = try await FakeNotificationServer(bus: bus)
            let data = bus.directory.appending(path: "data")
            applications = data.appending(path: "applications")
            try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
            var environment = bus.environment
            environment["XDG_DATA_HOME"] = data.path
            environment["XDG_DATA_DIRS"] = bus.directory.appending(path: "no-system-apps").path
            daemon = try await DaemonProcess(bus: bus, environment: environment)
        }

        func install(_ app: String, name: String, icon: String) throws {
            try "[Desktop Entry]\nType=Application\nName=\(name)\nIcon=\(icon)\nExec=true\n"
                .write(to: applications.appending(path: "\(app).desktop"), atomically: true, encoding: .utf8)
        }

        /// Posts `title` for `app`; what the server got.
        func post(_ app: String, _ title: String) async throws -> ReceivedNotification {
            let center = Proxy.usernotedCenter(on: try await bus.connect())
            _ = try await center.call("Post", [.string(app), .string(""), .string(title), .string("")])
            return try await server.notifyCalls.next(within: .seconds(10), "Notify of \(title)")
        }
    }

    @Test func anAppIsShownWithItsDesktopFilesNameAndIconAndWithoutOneByItsID() async throws {
        let scene = try await IdentityScene()
        defer { scene.daemon.stop() }
        try scene.install(Self.calendar, name: "Calendar", icon: "x-office-calendar")
        let named = try await scene.post(Self.calendar, "Standup")
        #expect(named.appName == "Calendar" && named.appIcon == "x-office-calendar")
        #expect(named.hints["desktop-entry"] == .string(Self.calendar))
        let unnamed = try await scene.post("org.example.NoDesktopFile", "Hello")
        #expect(unnamed.appName == "org.example.NoDesktopFile" && unnamed.appIcon == "")
    }

    /// A desktop file installed, or changed, while the daemon runs is read within seconds.
    @Test func aDesktopFileInstalledOrChangedLaterIsSeen() async throws {
        let scene = try await IdentityScene()
        defer { scene.daemon.stop() }
        #expect(try await scene.post(Self.calendar, "Before").appName == Self.calendar)
        try scene.install(Self.calendar, name: "Calendar", icon: "/usr/share/icons/calendar.png")
        let installed = try await withDeadline(.seconds(10), "the new desktop file read") {
            while true {
                let shown = try await scene.post(Self.calendar, "After")
                if shown.appName == "Calendar" { return shown }
                try await Task.sleep(for: .milliseconds(500))
            }
        }
        #expect(installed.appIcon == "file:///usr/share/icons/calendar.png", "a file path as a URI")
        try await Task.sleep(for: .seconds(1))  // a modification time other than the first file's
        try scene.install(Self.calendar, name: "Agenda", icon: "x-office-calendar")
        _ = try await withDeadline(.seconds(10), "the changed desktop file read") {
            while try await scene.post(Self.calendar, "Renamed").appName != "Agenda" { try await Task.sleep(for: .milliseconds(500)) }
            return true
        }
    }
}
