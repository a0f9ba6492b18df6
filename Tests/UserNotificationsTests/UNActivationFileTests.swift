import DBus
import Testing
import TestSupport
@testable import UserNotifications

struct UNActivationFileTests {
    @Test func theFileNamesTheAppIdAndExecsTheApp() {
        let file = UNActivationFile(appID: "org.example.Calendar", command: ["/opt/cal/bin/calendar", "--background", "it's here", #"say "hi" \ $HOME"#])
        #expect(file.fileName == "org.example.Calendar.service")
        #expect(file.contents == #"[D-BUS Service]\#nName=org.example.Calendar\#nExec=/opt/cal/bin/calendar --background "it's here" "say \\"hi\\" \\\\ \\$HOME"\#n"#)
    }

    @Test func theUserDirectoryFollowsXDGDataHome() {
        #expect(UNActivationFile.userServicesDirectory(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/u"]).path == "/x/data/dbus-1/services")
        #expect(UNActivationFile.userServicesDirectory(environment: ["HOME": "/home/u"]).path == "/home/u/.local/share/dbus-1/services")
        #expect(UNActivationFile.userServicesDirectory(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"]).path == "/home/u/.local/share/dbus-1/services")
    }

    @Test func theBusRunsTheInstalledFilesExecLine() async throws {
        // A private bus reads its services directory: activating the app id runs Exec=
        // (here a shell that leaves a marker, with quotes the file must escape, and exits 3
        // without taking the name, so the bus answers that the child exited).
        let bus = try PrivateBus()
        let marker = bus.directory.appending(path: "started 'here'")
        try UNActivationFile(appID: "org.example.Calendar", command: ["/bin/sh", "-c", #"touch "\#(marker.path)"; exit 3"#])
            .install(in: bus.servicesDirectory)
        let connection = try await bus.connect()
        // Rescan the services directory now rather than when inotify gets to it.
        _ = try await connection.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            method: "ReloadConfig")
        await #expect {
            _ = try await connection.call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                method: "StartServiceByName", [.string("org.example.Calendar"), .uint32(0)])
        } throws: { error in
            (error as? DBusError)?.name.rawValue.hasPrefix("org.freedesktop.DBus.Error.Spawn") == true
        }
        #expect(FileManager.default.fileExists(atPath: marker.path))
    }
}
