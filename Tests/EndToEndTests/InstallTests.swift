import UsernotedAPI
import DBus
import Foundation
import Testing
import TestSupport

/// What `make install` puts in place, used the way a desktop session uses it.
@Suite(.serialized) struct InstallTests {
    static let repository = repositoryRoot

    /// `make install-files` of the built binaries into a new prefix.
    static func installed() throws -> URL {
        let prefix = try TemporaryDirectory.make(prefix: "usernoted-prefix")
        let install = try Command.run(
            "make", ["-C", repository.path, "install-files", "PREFIX=\(prefix.path)",
                     "BUILT=\(DaemonProcess.productsDirectory.path)"])
        #expect(install.succeeded, "\(install.errors)")
        return prefix
    }

    @Test func theFirstCallStartsTheInstalledDaemonByDBusActivation() async throws {
        let prefix = try Self.installed()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let activation = prefix.appending(path: "share/dbus-1/services/io.github.usernoted.service")
        let text = try String(contentsOf: activation, encoding: .utf8)
        #expect(text.contains("Exec=\(prefix.path)/bin/usernoted"))
        #expect(text.contains("SystemdService=usernoted.service"))
        let completion = try String(contentsOf: prefix.appending(path: "share/bash-completion/completions/usernotectl"), encoding: .utf8)
        #expect(completion.contains("schedule") && completion.contains("monitor"))
        let xml = try String(contentsOf: prefix.appending(path: "share/dbus-1/interfaces/io.github.usernoted.Center1.xml"), encoding: .utf8)
        #expect(xml.contains(#"<method name="PostPayload">"#))
        let unit = try String(contentsOf: prefix.appending(path: "share/systemd/user/usernoted.service"), encoding: .utf8)
        #expect(unit.contains("ExecStart=\(prefix.path)/bin/usernoted") && unit.contains("BusName=io.github.usernoted"))

        // A session bus that searches the installed services, as ~/.local/share/dbus-1/services is searched.
        let bus = try PrivateBus(serviceDirectories: [prefix.appending(path: "share/dbus-1/services")])
        let state = bus.directory.appending(path: "state").path
        let connection = try await bus.connect()
        _ = try await connection.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            method: "UpdateActivationEnvironment",
            [.dictionary(key: .string, value: .string, [
                DictionaryEntry(.string("XDG_STATE_HOME"), .string(state)),
                DictionaryEntry(.string("XDG_CONFIG_HOME"), .string(bus.directory.appending(path: "config").path)),
                DictionaryEntry(.string("DBUS_SYSTEM_BUS_ADDRESS"), .string(bus.noSystemBus)),
            ])])
        #expect(try await connection.nameOwner("io.github.usernoted") == nil)

        let reply = try Command.run(
            "dbus-send", ["--session", "--print-reply", "--dest=io.github.usernoted", "/io/github/usernoted",
                          "io.github.usernoted.Center1.GetCategories", "string:org.example.Calendar"],
            environment: bus.environment)
        #expect(reply.succeeded, "\(reply.errors)")
        #expect(reply.output.contains(#"string "[]""#))
        let owner = try #require(try await connection.nameOwner("io.github.usernoted"))
        let pid = try await connection.credentials(of: owner).processID
        #expect(FileManager.default.fileExists(atPath: state + "/usernoted/state.sqlite"))
        if let pid { kill(pid_t(pid), SIGTERM) }
    }

    /// docs/portal.md followed on a private bus: the installed `usernoted.portal` and a user's
    /// `portals.conf` naming usernoted; the real xdg-desktop-portal 1.20 (Debian 13) starts the
    /// installed usernoted by D-Bus activation, and an app reads version 2 through the portal.
    @Test func thePortalStartsTheInstalledUsernotedAsItsNotificationBackend() async throws {
        let prefix = try Self.installed()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let portalFile = try String(contentsOf: prefix.appending(path: "share/xdg-desktop-portal/portals/usernoted.portal"), encoding: .utf8)
        #expect(portalFile.contains("Interfaces=org.freedesktop.impl.portal.Notification"))
        let bus = try PrivateBus(serviceDirectories: [prefix.appending(path: "share/dbus-1/services")])
        let connection = try await bus.connect()
        _ = try await connection.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            method: "UpdateActivationEnvironment",
            [.dictionary(key: .string, value: .string, [
                DictionaryEntry(.string("XDG_STATE_HOME"), .string(bus.directory.appending(path: "state").path)),
                DictionaryEntry(.string("XDG_CONFIG_HOME"), .string(bus.directory.appending(path: "config").path)),
                DictionaryEntry(.string("DBUS_SYSTEM_BUS_ADDRESS"), .string(bus.noSystemBus)),
            ])])
        let configHome = bus.directory.appending(path: "user-config")
        try FileManager.default.createDirectory(at: configHome.appending(path: "xdg-desktop-portal"), withIntermediateDirectories: true)
        try "[preferred]\ndefault=gtk\norg.freedesktop.impl.portal.Notification=usernoted\n"
            .write(to: configHome.appending(path: "xdg-desktop-portal/portals.conf"), atomically: true, encoding: .utf8)
        #expect(try await connection.nameOwner(PortalNotification.busName) == nil)

        let portal = try await XdgDesktopPortal(
            bus: bus, setup: .installed(share: prefix.appending(path: "share"), configHome: configHome), environment: bus.environment, apps: [])
        let version = try await connection.property(
            "version", of: XdgDesktopPortal.notification, at: "/org/freedesktop/portal/desktop", on: XdgDesktopPortal.busName)
        #expect(version.as(UInt32.self) == 2)
        let owner = try #require(try await connection.nameOwner(PortalNotification.busName), "started by D-Bus activation")
        #expect(try await connection.nameOwner("io.github.usernoted") == owner, "the daemon itself, under both names")
        if let pid = try await connection.credentials(of: owner).processID { kill(pid_t(pid), SIGTERM) }
        _ = portal
    }
}
