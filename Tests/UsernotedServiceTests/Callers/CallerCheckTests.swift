import UsernotedAPI
import DBus
import Foundation
import Testing
import TestSupport
import UserNotificationsCore
@testable import UsernotedService

/// Callers on a real bus that may not act for every app id: another user (dbus-send under
/// setpriv), a Flatpak app (a process chrooted into a root with a `.flatpak-info`) and a snap
/// (a process in a `snap.<name>.<app>-….scope` control group).
@Suite struct CallerCheckTests {
    static let victim = "org.example.Victim"
    static let sandboxed = "org.example.Sandboxed"
    static let center = ["--dest=io.github.usernoted", "/io/github/usernoted"]

    /// The daemon with a fake notification server, and the app `victim` with a handler of its own.
    struct Scene {
        let bus: PrivateBus
        let server: FakeNotificationServer
        let scene: ServiceScene
        let victimHandler: RecordingHandler

        init() async throws {
            bus = try PrivateBus()
            server = try await FakeNotificationServer(bus: bus)
            scene = try await ServiceScene(bus: bus)
            victimHandler = RecordingHandler(connection: try await bus.connect())
            _ = try await Proxy.usernotedCenter(on: victimHandler.connection).call("RegisterHandler", [.string(CallerCheckTests.victim), .objectPath(victimHandler.path)])
        }

        /// The next notification on screen, with the app id it was shown for.
        func nextShown() async throws -> (title: String, app: String) {
            let shown = try await server.notifyCalls.next(within: .seconds(10), "Notify")
            return (shown.summary, shown.hints["desktop-entry"]?.as(String.self) ?? "")
        }

        /// The victim's handler still gets the victim's responses: posts for it, clicks, and returns what the handler got.
        func victimResponse() async throws -> NotificationResponse {
            let id = try #require(try await scene.call("Post", .string(CallerCheckTests.victim), .string(""), .string("For the victim"), .string("")))
            let shown = try await server.notifyCalls.next(within: .seconds(10), "Notify")
            #expect(shown.summary == "For the victim")
            try await server.emitActionInvoked(id: shown.id, key: "default")
            let response = try await victimHandler.responses.next(within: .seconds(10), "the victim's response")
            #expect(response.requestId == id)
            return response
        }
    }

    /// `dbus-send` as uid 65534 (nobody) to the daemon's `method`.
    func asNobody(_ bus: PrivateBus, _ method: String, _ arguments: String...) async throws -> CommandResult {
        try await Command.runInBackground(
            "setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "dbus-send", "--bus=\(bus.address)", "--print-reply"]
                + Self.center + ["io.github.usernoted.Center1.\(method)"] + arguments,
            environment: bus.environment)
    }

    @Test func aCallersIdentityIsForgottenWhenItLeavesTheBus() async throws {
        let scene = try await ServiceScene()
        let callers = scene.daemon.callers
        var apps: [Connection] = []
        for _ in 0..<5 {
            let app = try await scene.bus.connect()
            _ = try await app.call(destination: Center1.busName, path: Center1.path, interface: Center1.interface,
                                   method: "GetCategories", [.string(Self.victim)])
            apps.append(app)
        }
        let names = apps.map(\.uniqueName)
        for name in names { #expect(await callers.remembers(name)) }
        apps.forEach { $0.close() }
        _ = try await withDeadline(.seconds(10), "the daemon forgetting the callers that left") {
            for name in names { while await callers.remembers(name) { try await Task.sleep(for: .milliseconds(10)) } }
            return true
        }
    }

    /// A call read before its sender left may be served after the daemon heard it leave (a
    /// GLib app that sends and quits): the identity of the last connections that left is kept
    /// for their calls, the last ``CallerCheck/departedKept`` of them only.
    @Test func theIdentitiesOfTheLastCallersThatLeftAreKeptForTheirCalls() async throws {
        let scene = try await ServiceScene()
        let callers = scene.daemon.callers
        func joinAndLeave() async throws -> String {
            let app = try await scene.bus.connect()
            let name = app.uniqueName
            _ = try await withDeadline(.seconds(10), "the daemon identifying \(name)") {
                while await !callers.remembers(name) { try await Task.sleep(for: .milliseconds(10)) }
            }
            app.close()
            _ = try await withDeadline(.seconds(10), "the daemon hearing \(name) leave") {
                while await callers.remembers(name) { try await Task.sleep(for: .milliseconds(10)) }
            }
            return name
        }
        let first = try await joinAndLeave()
        #expect(try await callers.app(Self.victim, of: first).rawValue == Self.victim, "its calls read before it left are served")
        for _ in 0..<CallerCheck.departedKept { _ = try await joinAndLeave() }
        await #expect(throws: (any Error).self, "forgotten once \(CallerCheck.departedKept) more left") {
            try await callers.app(Self.victim, of: first)
        }
    }

    /// A GLib app sends its notification without waiting for an answer and quits: the bus
    /// can no longer say who it was by the time the daemon reads the call. The daemon knew
    /// already, from the moment the app joined the bus, and shows it.
    @Test func aGLibAppThatSendsAndQuitsAtOnceIsShown() async throws {
        let scene = try await Scene()
        let app = try await scene.bus.connect()
        _ = try await withDeadline(.seconds(10), "the daemon identifying the app as it joins the bus") {
            while await !scene.scene.daemon.callers.remembers(app.uniqueName) { try await Task.sleep(for: .milliseconds(10)) }
            return true
        }
        try app.send(.methodCall(
            destination: GtkNotifications.busName, path: GtkNotifications.path, interface: GtkNotifications.interface,
            member: GtkNotifications.addNotification.name,
            body: [.string(FakeGApplication.id), .string("msg-1"), GLibNotificationTests.issueExample.dbusValue]))
        _ = try await app.nameOwner(Bus.name)  // the call has reached the bus (messages keep their order), as GLib flushes before it exits
        app.close()
        #expect(try await scene.nextShown() == ("Anna", FakeGApplication.id))
    }

    @Test func anotherUserIsRefusedWhateverItAsksAndNothingIsShown() async throws {
        let scene = try await Scene()
        let refusal = "Error org.freedesktop.DBus.Error.AccessDenied: this usernoted serves uid \(geteuid()) only, and the caller runs as uid 65534; each user runs their own usernoted on their own session bus"
        let attempts = [
            try await asNobody(scene.bus, "Post", "string:\(Self.victim)", "string:", "string:Spoofed", "string:from another user"),
            try await asNobody(scene.bus, "GetDelivered", "string:\(Self.victim)"),
            try await asNobody(scene.bus, "RegisterHandler", "string:\(Self.victim)", "objpath:/evil"),
            try await asNobody(scene.bus, "SetExecHandler", "string:\(Self.victim)", "array:string:/bin/true"),
            // Refused before the app id is even read: another user learns nothing.
            try await asNobody(scene.bus, "GetCategories", "string:not-an-app-id"),
        ]
        for attempt in attempts {
            #expect(!attempt.succeeded)
            #expect(attempt.errors.contains(refusal), "\(attempt.errors)")
        }
        // The user's own program may act for any app id; the first notification shown is the user's.
        try await scene.scene.call("Post", .string(Self.victim), .string(""), .string("Mine"), .string(""))
        #expect(try await scene.nextShown() == ("Mine", Self.victim))
        // The victim's handler is still the victim's.
        try await scene.server.emitActionInvoked(id: try #require(await scene.server.displayed.first?.id), key: "default")
        #expect(try await scene.victimHandler.responses.next(within: .seconds(10), "the victim's response").appId.rawValue == Self.victim)
    }

    @Test(.enabled(if: Sandbox.canMountProc, "needs a mount namespace with its own /proc for the Flatpak stand-in"))
    func aFlatpakAppActsOnlyForItsOwnAppIDAndCannotReplaceAnotherAppsHandler() async throws {
        let scene = try await Scene()
        let denied = "error org.freedesktop.DBus.Error.AccessDenied the caller is the Flatpak app \(Self.sandboxed); it may act only for its own app id, \(Self.sandboxed), not for \(Self.victim)"
        let lines = try await Sandbox.flatpak("[Application]\nname=\(Self.sandboxed)\n", bus: scene.bus, calls: [
            ["Post", "s:\(Self.sandboxed)", "s:", "s:Hello", "s:from the sandbox"],
            ["Post", "s:\(Self.victim)", "s:", "s:Spoofed", "s:from the sandbox"],
            ["GetDelivered", "s:\(Self.victim)"],
            ["RemoveAllDelivered", "s:\(Self.victim)"],
            ["SetCategories", "s:\(Self.victim)", "s:[]"],
            ["RegisterHandler", "s:\(Self.victim)", "o:/evil"],
            ["SetExecHandler", "s:\(Self.sandboxed)", "as:/bin/true"],
            ["SetServiceExtension", "s:\(Self.sandboxed)", "as:/bin/true"],
            ["RegisterHandler", "s:\(Self.sandboxed)", "o:/handler"],
        ])
        #expect(lines.count == 9)
        #expect(lines.first?.hasPrefix("ok ") == true && lines.first != "ok ", "the request id of its own post")
        #expect(Array(lines.dropFirst().prefix(5)) == Array(repeating: denied, count: 5))
        let execDenied = "error org.freedesktop.DBus.Error.AccessDenied the Flatpak app \(Self.sandboxed) may not have usernoted run a program for it (an exec handler, a service extension): the program would run outside its sandbox; serve io.github.usernoted.Handler1 and call RegisterHandler instead"
        #expect(Array(lines.dropFirst(6).prefix(2)) == [execDenied, execDenied])
        #expect(lines.last == "ok ")
        #expect(try await scene.nextShown() == ("Hello", Self.sandboxed))
        #expect(try await scene.victimResponse().appId.rawValue == Self.victim)
    }

    @Test(.enabled(if: Sandbox.canMountProc, "needs a mount namespace with its own /proc for the Flatpak stand-in"))
    func aFlatpakAppAnswersOnlyItsOwnNotificationsWithThePrimaryAction() async throws {
        let scene = try await Scene()
        _ = try await scene.scene.call("Post", .string(Self.victim), .string(""), .string("Not yours"), .string(""))
        _ = try await scene.nextShown()
        let lines = try await Sandbox.flatpak("[Application]\nname=\(Self.sandboxed)\n", bus: scene.bus, calls: [
            ["RespondPrimary", "s:"],
            ["RespondPrimary", "s:\(Self.victim)"],
            ["RespondPrimary", "s:\(Self.sandboxed)"],
        ])
        #expect(lines == [
            "error org.freedesktop.DBus.Error.AccessDenied the caller is the Flatpak app \(Self.sandboxed); it may act only for its own app id, \(Self.sandboxed), not for others",
            "error org.freedesktop.DBus.Error.AccessDenied the caller is the Flatpak app \(Self.sandboxed); it may act only for its own app id, \(Self.sandboxed), not for \(Self.victim)",
            "error io.github.usernoted.Error.NotFound no notification of \(Self.sandboxed) is on screen",
        ])
        // The victim's notification was not answered: its handler's next response is the next click.
        #expect(try await scene.victimResponse().appId.rawValue == Self.victim)
    }

    @Test(.enabled(if: Sandbox.canMountProc, "needs a mount namespace with its own /proc for the Flatpak stand-in"))
    func aFlatpakAppReadsItsOwnSettingsAndCannotChangeThem() async throws {
        let scene = try await Scene()
        let lines = try await Sandbox.flatpak("[Application]\nname=\(Self.sandboxed)\n", bus: scene.bus, calls: [
            ["GetSettings", "s:\(Self.sandboxed)"],
            ["SetSettings", "s:\(Self.sandboxed)", #"s:{"authorizationStatus":"authorized"}"#],
            ["GetSettings", "s:"],
            ["SetSettings", "s:\(Self.victim)", #"s:{"authorizationStatus":"denied"}"#],
        ])
        #expect(lines == [
            "ok \(ModelJSON.encode(AppSettings()))",
            "error org.freedesktop.DBus.Error.AccessDenied the Flatpak app \(Self.sandboxed) may read its settings (GetSettings), never change them: they are the user's (usernotectl apps set)",
            "error org.freedesktop.DBus.Error.AccessDenied the caller is the Flatpak app \(Self.sandboxed); it may act only for its own app id, \(Self.sandboxed), not for others",
            "error org.freedesktop.DBus.Error.AccessDenied the caller is the Flatpak app \(Self.sandboxed); it may act only for its own app id, \(Self.sandboxed), not for \(Self.victim)",
        ])
        #expect(try await scene.victimResponse().appId.rawValue == Self.victim, "the victim still posts")
    }

    @Test(.enabled(if: Sandbox.canMountProc, "needs a mount namespace with its own /proc for the Flatpak stand-in"))
    func aFlatpakAppAttachesOnlyItsOwnFiles() async throws {
        let bus = try PrivateBus()
        let server = try await FakeNotificationServer(bus: bus)
        let home = bus.directory.appending(path: "user-home")
        let own = home.appending(path: ".var/app/\(Self.sandboxed)")
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
        try Data([0x89]).write(to: own.appending(path: "pic.png"))
        try Data([0x89]).write(to: home.appending(path: "secret.png"))
        #expect(symlink(home.appending(path: "secret.png").path, own.appending(path: "link.png").path) == 0)
        var environment = bus.environment
        environment["HOME"] = home.path
        let daemon = try await DaemonProcess(bus: bus, environment: environment)
        defer { daemon.stop() }
        func add(_ path: String) -> [String] {
            ["Add", "s:\(Self.sandboxed)", #"s:{"content":{"title":"\#(path)","attachments":[{"url":"file://\#(path)"}]}}"#]
        }
        let lines = try await Sandbox.flatpak("[Application]\nname=\(Self.sandboxed)\n", bus: bus, calls: [
            add(own.appending(path: "pic.png").path), add(home.appending(path: "secret.png").path),
            add(home.appending(path: "nothing.png").path), add(own.appending(path: "link.png").path),
        ])
        #expect(lines.count == 4)
        #expect(lines.first?.hasPrefix("ok ") == true && lines.first != "ok ")
        for (line, path) in zip(lines.dropFirst(), ["secret.png", "nothing.png", ".var/app/\(Self.sandboxed)/link.png"]) {
            #expect(line == "error io.github.usernoted.Error.InvalidRequest content.attachments[0].url: 'file://\(home.path)/\(path)' is not a file in \(own.path), the only place a sandboxed app's attachments may come from")
        }
        let shown = try await server.notifyCalls.next(within: .seconds(10), "Notify")
        #expect(shown.hints["image-path"] == .string("file://\(own.path)/pic.png"))
        #expect(server.notifyCalls.pending.isEmpty, "only the app's own picture was shown")
    }

    @Test(.enabled(if: Sandbox.cgroupHierarchy != nil, "needs a writable cgroup v2 hierarchy to put a process in a snap's scope"))
    func aSnapActsForItsSnapAppIDsOnly() async throws {
        let scene = try await Scene()
        let lines = try await Sandbox.snap("usernoted-test", bus: scene.bus, calls: [
            ["Post", "s:snap.usernoted-test", "s:", "s:From the snap", "s:"],
            ["Post", "s:snap.usernoted-test.Helper", "s:", "s:From its helper", "s:"],
            ["Post", "s:\(Self.victim)", "s:", "s:Spoofed", "s:"],
            ["Post", "s:snap.usernoted-testing", "s:", "s:Spoofed", "s:"],
            ["SetExecHandler", "s:snap.usernoted-test", "as:/bin/true"],
        ])
        #expect(lines.count == 5)
        #expect(lines.prefix(2).allSatisfy { $0.hasPrefix("ok ") && $0 != "ok " })
        #expect(lines[2] == "error org.freedesktop.DBus.Error.AccessDenied the caller is the snap usernoted-test; it may act only for its own app ids, snap.usernoted-test and snap.usernoted-test.*, not for \(Self.victim)")
        #expect(lines[3].hasSuffix("not for snap.usernoted-testing"))
        #expect(lines[4].hasPrefix("error org.freedesktop.DBus.Error.AccessDenied the snap usernoted-test may not have usernoted run a program for it"))
        #expect(try await scene.nextShown() == ("From the snap", "snap.usernoted-test"))
        #expect(try await scene.nextShown() == ("From its helper", "snap.usernoted-test.Helper"))
        #expect(try await scene.victimResponse().appId.rawValue == Self.victim)
    }

    @Test(.enabled(if: Sandbox.canMountProc, "needs a mount namespace with its own /proc for the Flatpak stand-in"))
    func aCallerWhoseSandboxCannotBeReadMayActForNothing() async throws {
        let scene = try await Scene()
        // A root whose .flatpak-info is a directory: something is there, but no app can be told from it.
        let lines = try await Sandbox.flatpak(nil, bus: scene.bus, calls: [["Post", "s:\(Self.sandboxed)", "s:", "s:Hello", "s:"]])
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("error org.freedesktop.DBus.Error.AccessDenied cannot tell which app the caller is (") == true)
        #expect(lines.first?.hasSuffix("/.flatpak-info is not a regular file), so it may act for no app id") == true)
        try await scene.scene.call("Post", .string(Self.victim), .string(""), .string("Mine"), .string(""))
        #expect(try await scene.nextShown() == ("Mine", Self.victim), "the refused post showed nothing")
    }
}

/// Runs the CallerApp test program in a sandbox, as Flatpak or snapd would.
enum Sandbox {
    static var callerApp: String { DaemonProcess.productsDirectory.appending(path: "CallerApp").path }

    /// As a Flatpak app: in a mount namespace of its own, it chroots into a root holding
    /// `/.flatpak-info` with `info` (nil: a directory in its place), `/proc` and the bus's
    /// directory, then connects to `bus` and makes `calls` (see Tests/TestApps/CallerApp).
    /// Returns the lines it printed.
    static func flatpak(_ info: String?, bus: PrivateBus, calls: [[String]]) async throws -> [String] {
        let root = try TemporaryDirectory.make(prefix: "usernoted-flatpak")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appending(path: "proc"), withIntermediateDirectories: false)
        if let info {
            try info.write(to: root.appending(path: ".flatpak-info"), atomically: true, encoding: .utf8)
        } else {
            try FileManager.default.createDirectory(at: root.appending(path: ".flatpak-info"), withIntermediateDirectories: false)
        }
        let script = #"mount -t proc proc "$1/proc" && mkdir -p "$1$2" && mount --bind "$2" "$1$2" && root=$1 && shift 2 && exec "$@""#
        return try await run(
            "unshare", ["--mount", "--propagation", "private", "--", "sh", "-c", script, "sh", root.path, bus.directory.path, callerApp, "--chroot", root.path]
                + calls.flatMap { ["--"] + $0 },
            bus: bus)
    }

    /// As the snap `name`: it moves into the control group `snap.<name>.app-<uuid>.scope`, as
    /// snapd starts a snap's app, and makes `calls`.
    static func snap(_ name: String, bus: PrivateBus, calls: [[String]]) async throws -> [String] {
        let hierarchy = try #require(cgroupHierarchy)
        let group = "\(hierarchy)/snap.\(name).app-\(UUID().uuidString.lowercased()).scope"
        guard mkdir(group, 0o755) == 0 else { throw TestSupportError("cannot create \(group)") }
        defer { rmdir(group) }
        return try await run(callerApp, ["--cgroup", group] + calls.flatMap { ["--"] + $0 }, bus: bus)
    }

    /// Whether this machine lets a test make a mount namespace with its own /proc (root with
    /// CAP_SYS_ADMIN), as the Flatpak stand-in needs.
    static let canMountProc: Bool = {
        guard let directory = try? TemporaryDirectory.make(prefix: "usernoted-probe") else { return false }
        defer { try? FileManager.default.removeItem(at: directory) }
        let probe = try? Command.run("unshare", ["--mount", "--propagation", "private", "--", "mount", "-t", "proc", "proc", directory.path])
        return probe?.succeeded == true
    }()

    /// The unified (v2) control-group hierarchy, if this machine lets a test make groups in it.
    static let cgroupHierarchy: String? = {
        guard let mounts = try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8) else { return nil }
        for line in mounts.split(separator: "\n") where line.contains(" - cgroup2 ") {
            let point = String(line.split(separator: " ")[4])
            let probe = "\(point)/usernoted-probe-\(getpid())"
            guard mkdir(probe, 0o755) == 0 else { continue }
            rmdir(probe)
            return point
        }
        return nil
    }()

    private static func run(_ executable: String, _ arguments: [String], bus: PrivateBus) async throws -> [String] {
        let result = try await Command.runInBackground(executable, arguments, environment: bus.environment)
        guard result.succeeded else { throw TestSupportError("CallerApp failed (\(result.status)): \(result.errors)") }
        return result.output.split(separator: "\n").map(String.init)
    }
}
