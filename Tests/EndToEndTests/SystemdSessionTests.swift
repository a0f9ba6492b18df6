import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// usernoted as a systemd user service in a real `systemd --user` session of a throwaway
/// user: started by the first D-Bus call through `SystemdService=`, reloaded, killed,
/// stopped in the middle of a burst — installed by `make install-files` into the user's
/// `~/.local`, and (with `USERNOTED_DEB` naming a package) from the Debian package.
/// Each step prints what it showed, for the record.
@Suite(
    .serialized,
    .enabled(if: SystemdUserSession.unavailableReason == nil, Comment(rawValue: SystemdUserSession.unavailableReason ?? "")))
struct SystemdSessionTests {
    static let package = ProcessInfo.processInfo.environment["USERNOTED_DEB"]

    @Test func installedInTheUsersPrefix() async throws {
        let session = try await SystemdUserSession.boot()
        defer { session.shutDown() }
        let prefix = session.user.home + "/.local"
        let install = try Command.run(
            "make", ["-C", repositoryRoot.path, "--no-print-directory", "install-files", "PREFIX=\(prefix)",
                     "BUILT=\(DaemonProcess.productsDirectory.path)"])
        try #require(install.succeeded, "\(install.errors)")
        try session.user.own(prefix)
        try session.systemctl("daemon-reload")
        try await showTheService(in: session, bin: prefix + "/bin")
    }

    @Test(.enabled(if: package != nil, "set USERNOTED_DEB to a package built by make deb (.ci/run does)"))
    func installedFromTheDebianPackage() async throws {
        let deb = try #require(Self.package)
        try #require(!(try Command.run("dpkg", ["-s", "usernoted"]).succeeded),
                     "usernoted is installed on this machine already; the test installs and removes the package itself")
        let before = try Self.systemFiles()
        let installed = try Command.run("dpkg", ["-i", deb])
        try #require(installed.succeeded, "\(installed.output) \(installed.errors)")
        let files = try Command.run("dpkg", ["-L", "usernoted"]).output.split(separator: "\n").map(String.init)
        print("systemd-session: dpkg -i \((deb as NSString).lastPathComponent) installed \(files.count) paths")
        do {
            let session = try await SystemdUserSession.boot()
            defer { session.shutDown() }
            try await showTheService(in: session, bin: "/usr/bin")
        }
        let removed = try Command.run("dpkg", ["-r", "usernoted"])
        #expect(removed.succeeded, "\(removed.output) \(removed.errors)")
        let after = try Self.systemFiles()
        #expect(after.subtracting(before).isEmpty, "left behind by dpkg -r: \(after.subtracting(before).sorted())")
        #expect(before.subtracting(after).isEmpty, "removed by dpkg -r but there before: \(before.subtracting(after).sorted())")
        let left = files.filter { $0.hasPrefix("/usr/bin/") || $0.hasSuffix(".service") || $0.hasSuffix(".gz") }
            .filter { FileManager.default.fileExists(atPath: $0) }
        #expect(left.isEmpty, "\(left)")
        #expect(!(try Command.run("dpkg", ["-s", "usernoted"]).succeeded), "dpkg still knows usernoted after dpkg -r")
        print("systemd-session: dpkg -r left nothing behind: /usr, /etc and /var/lib/dpkg/info list the same \(before.count) paths as before dpkg -i")
    }

    /// The same package on Debian 13, in its chroot: installed by Debian 13's dpkg (GLib there
    /// is the 64-bit-time library, which still provides the name the package was built with),
    /// checked by Debian 13's lintian, and the same session of Debian 13's `systemd --user` and
    /// dbus-daemon; purged, it leaves nothing behind.
    @Test(.enabled(if: package != nil, "set USERNOTED_DEB to a package built by make deb (.ci/run does)"),
          .enabled(if: Scene.releases.contains(.trixie), "Debian 13's chroot is not made: scripts/debian-chroot (.ci/run does)"))
    func installedFromTheDebianPackageOnDebian13() async throws {
        let deb = try #require(Self.package), release = DebianRelease.trixie, root = try #require(release.root)
        let inside = { (program: String, arguments: [String]) throws -> CommandResult in
            let (runner, commandLine) = release.command(program, arguments)
            return try Command.run(runner, commandLine, environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8"])
        }
        try #require(!(try inside("dpkg", ["-s", "usernoted"]).succeeded),
                     "usernoted is installed in \(release)'s chroot already; the test installs and purges the package itself")
        let before = try Self.systemFiles(under: root)
        let installed = try inside("dpkg", ["-i", deb])
        if !installed.succeeded { _ = try? inside("dpkg", ["--purge", "usernoted"]) }  // half installed: the chroot is shared
        try #require(installed.succeeded, "\(installed.output) \(installed.errors)")
        let version = try inside("dpkg-query", ["-W", "-f", "${Version} ${Depends}", "usernoted"]).output
        print("systemd-session: dpkg -i in \(release) installed usernoted \(version)")
        let lintian = try inside("lintian", [deb])
        #expect(lintian.succeeded, "lintian of \(release) finds errors: \(lintian.output) \(lintian.errors)")
        print("systemd-session: lintian of \(release): \(lintian.output.isEmpty ? "nothing to say" : lintian.output.trimmed)")
        var failure: (any Error)?
        do {
            let session = try await SystemdUserSession.boot(release)
            defer { session.shutDown() }
            let manager = try inside("/lib/systemd/systemd", ["--version"]).output.split(separator: "\n").first ?? ""
            print("systemd-session: \(release)'s \(manager) --user runs the session")
            try await showTheService(in: session, bin: "/usr/bin")
        } catch {
            failure = error  // purged all the same: the chroot is shared by every run
        }
        let purged = try inside("dpkg", ["--purge", "usernoted"])
        #expect(purged.succeeded, "\(purged.output) \(purged.errors)")
        if let failure { throw failure }
        let after = try Self.systemFiles(under: root)
        #expect(after.subtracting(before).isEmpty, "left behind by dpkg --purge: \(after.subtracting(before).sorted())")
        #expect(before.subtracting(after).isEmpty, "removed by dpkg --purge but there before: \(before.subtracting(after).sorted())")
        print("systemd-session: dpkg --purge in \(release) left nothing behind: the same \(before.count) paths under /usr, /etc and /var/lib/dpkg/info")
    }

    /// Every path under /usr, /etc and /var/lib/dpkg/info (of the chroot at `root`).
    static func systemFiles(under root: String = "") throws -> Set<String> {
        let listing = try Command.run("find", ["/usr", "/etc", "/var/lib/dpkg/info"].map { root + $0 } + ["-xdev"])
        return Set(listing.output.split(separator: "\n").map(String.init))
    }

    // MARK: - What a user of the session sees

    func showTheService(in session: SystemdUserSession, bin: String) async throws {
        // A notification server for the session: answers Notify and, for org.example.Outbox,
        // clicks the body at once (ActionInvoked "default"), so responses wait in the outbox.
        // It is this machine's build, whatever the session's release.
        let server = try session.start(
            DaemonProcess.productsDirectory.appending(path: "bench-fake-server").path, ["--invoke", "org.example.Outbox"],
            fromThisMachine: true)
        defer { server.stop() }
        _ = try await withDeadline(.seconds(10), "the fake notification server on the session bus") {
            while try !session.run("dbus-send", ["--session", "--print-reply", "--dest=org.freedesktop.DBus", "/",
                                                  "org.freedesktop.DBus.GetNameOwner", "string:org.freedesktop.Notifications"]).succeeded {
                try await Task.sleep(for: .milliseconds(50))
            }
            return true
        }

        // 1. The first call starts it, through SystemdService=: the unit is active and the
        //    name's owner is the unit's main process, in the unit's cgroup.
        #expect(try session.systemctl("is-active", "usernoted").output.trimmed == "inactive")
        let first = try call(session, "GetCategories", "string:org.example.Calendar")
        try #require(first.succeeded, "the first call: \(first.errors)")
        #expect(first.output.contains(#"string "[]""#))
        #expect(try session.systemctl("is-active", "usernoted").output.trimmed == "active")
        let pid = try ownerPID(session)
        let mainPID = try session.property("MainPID", of: "usernoted")
        let unitGroup = try session.property("ControlGroup", of: "usernoted")
        let processGroups = (try? String(contentsOfFile: "/proc/\(pid)/cgroup", encoding: .utf8)) ?? ""
        #expect(mainPID == String(pid), "the bus name's owner \(pid) is not usernoted.service's MainPID \(mainPID)")
        #expect(unitGroup.hasSuffix("/usernoted.service"))
        #expect(processGroups.split(separator: "\n").contains { $0.hasSuffix(":" + unitGroup) },
                "pid \(pid) is not in \(unitGroup): \(processGroups)")
        let binary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) ?? "?"
        #expect(binary == (session.release.root ?? "") + bin + "/usernoted")
        print("systemd-session: the first dbus-send started usernoted through SystemdService=: is-active says active, pid \(pid) (\(binary)) is MainPID of usernoted.service, in cgroup \(unitGroup)")

        // The package's daemon started without the libraries it loads on first use (push,
        // apps' desktop files, sounds: none used yet), which the build's does not drop, and
        // with the Swift runtime's libstdc++ linked in (scripts/release-flags).
        if bin == "/usr/bin" {
            let mapped = Set(try Command.run("cat", ["/proc/\(pid)/maps"]).output  // Foundation reads a page of it
                .split(separator: "\n").compactMap { $0.split(separator: "/").last.map(String.init) })
            #expect(mapped.contains { $0.hasPrefix("libdbus-1.so") }, "no libdbus in the daemon's maps: \(mapped.sorted())")
            let unexpected = mapped.filter { name in ["libmosquitto.so", "libgio-2.0.so", "libgobject-2.0.so", "libglib-2.0.so", "libcanberra.so", "libstdc++.so"].contains { name.hasPrefix($0) } }
            #expect(unexpected.isEmpty, "loaded at start: \(unexpected.sorted())")
            print("systemd-session: started, the daemon has mapped \(mapped.filter { $0.contains(".so") }.count) libraries, none of libmosquitto, GIO, GObject, GLib, libcanberra and libstdc++")
        }

        // 2. systemctl --user reload applies a changed config.toml.
        let twoCategories = #"string:[{"identifier":"A","actions":[]},{"identifier":"B","actions":[]}]"#
        #expect(try call(session, "SetCategories", "string:org.example.Limits", twoCategories).succeeded)
        let config = session.user.home + "/.config/usernoted"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try "[limits]\ncategoriesPerApp = 1\n".write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
        try session.user.own(session.user.home + "/.config")
        let reload = try session.systemctl("reload", "usernoted")
        #expect(reload.succeeded, "\(reload.errors)")
        let refused = try await withDeadline(.seconds(5), "the reloaded limit refusing two categories") {
            while true {
                let reply = try call(session, "SetCategories", "string:org.example.Limits", twoCategories)
                if !reply.succeeded { return reply.errors }
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        #expect(refused.contains("io.github.usernoted.Error.LimitExceeded") && refused.contains("categoriesPerApp"), "\(refused)")
        #expect(try session.property("MainPID", of: "usernoted") == String(pid), "reload restarted the daemon")
        print("systemd-session: after categoriesPerApp = 1 in config.toml and systemctl --user reload, the same pid \(pid) refuses two categories: \(refused.trimmed)")

        // 3. kill -9: Restart=on-failure brings it back, before any call could activate it,
        //    with the scheduled requests and the response nobody acknowledged yet.
        var pending: [String] = []
        for index in 1...3 {
            let reply = try call(session, "Add", "string:org.example.Pending", "string:" + scheduled("later-\(index)"))
            try #require(reply.succeeded, "\(reply.errors)")
            pending.append(reply.output.quotedString)
        }
        let monitor = try session.start(bin + "/usernotectl", ["monitor", "--app", "org.example.Outbox"])
        defer { monitor.stop() }
        try await monitor.waitForLog(containing: "monitoring responses")
        let clicked = try call(session, "Post", "string:org.example.Outbox", "string:", "string:Clicked", "string:before the crash")
        try #require(clicked.succeeded, "\(clicked.errors)")
        let clickedID = clicked.output.quotedString
        // The Response signal goes out after the response is saved in the outbox.
        try await monitor.waitForLog(containing: clickedID)
        kill(pid, SIGKILL)
        let restarted = try await withDeadline(.seconds(15), "usernoted.service restarted by systemd") {
            while true {
                let main = try session.property("MainPID", of: "usernoted")
                if try session.systemctl("is-active", "usernoted").output.trimmed == "active", main != "0", main != String(pid) {
                    return main
                }
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        let restarts = try session.property("NRestarts", of: "usernoted")
        #expect(restarts == "1", "NRestarts \(restarts)")
        let afterCrash = try call(session, "GetPending", "string:org.example.Pending")
        for id in pending { #expect(afterCrash.output.contains(id), "\(id) lost: \(afterCrash.output)") }
        #expect(try ownerPID(session) == pid_t(restarted)!)
        let outbox = session.user.home + "/outbox"
        let handler = try call(
            session, "SetExecHandler", "string:org.example.Outbox", "array:string:/bin/sh,-c,cat >> \(outbox)")
        #expect(handler.succeeded, "\(handler.errors)")
        let delivered = try await fileText(at: outbox, within: .seconds(15), "the kept response reaching the exec handler") {
            $0.contains(clickedID)
        }
        #expect(delivered.contains(#""actionIdentifier":"default""#) || delivered.contains(#""actionIdentifier" : "default""#), "\(delivered)")
        print("systemd-session: kill -9 of pid \(pid): Restart=on-failure started pid \(restarted) (NRestarts=\(restarts)) with no call made; GetPending lists all \(pending.count) scheduled requests; the unacknowledged response to \(clickedID) reached the exec handler set after the restart")

        // 4. systemctl --user stop in the middle of a burst of Adds: every request whose Add
        //    was answered is there after the next start.
        //    The burst goes on for 60 Adds after the test says the stop returned (a loaded
        //    machine once finished 300 before the stop did), 2 000 at most.
        let acked = session.user.home + "/acked", stopped = session.user.home + "/stopped"
        let burst = try session.start("/bin/sh", ["-c", """
            i=0; after=0
            while [ $i -lt 2000 ] && [ $after -lt 60 ]; do
              i=$((i+1))
              [ -e \(stopped) ] && after=$((after+1))
              if reply=$(dbus-send --session --print-reply=literal --reply-timeout=10000 --dest=io.github.usernoted \
                  /io/github/usernoted io.github.usernoted.Center1.Add string:org.example.Burst$((i % 5)) \
                  'string:\(scheduled("burst-'$i'"))' 2>>\(session.user.home)/refused); then
                echo $reply >> \(acked)
              fi
            done
            """])
        _ = try await fileText(at: acked, within: .seconds(30), "the burst under way") { $0.split(separator: "\n").count >= 40 }
        let beforeStop = try session.property("MainPID", of: "usernoted")
        // The burst's next call asks systemd to start usernoted again; a plain stop job can be
        // cancelled by that start ("Job for usernoted.service canceled"), an irreversible one
        // runs first and the start waits behind it, as the user meant.
        let stop = try session.systemctl("stop", "--job-mode=replace-irreversibly", "usernoted")
        #expect(stop.succeeded, "\(stop.errors)")
        let stoppedAt = (try? String(contentsOfFile: acked, encoding: .utf8))?.split(separator: "\n").count ?? 0
        _ = FileManager.default.createFile(atPath: stopped, contents: nil)
        #expect(try await burst.exitStatus(within: .seconds(120)) == 0)
        let answered = Set(try String(contentsOfFile: acked, encoding: .utf8).split(separator: "\n").map { $0.trimmed })
        let refusals = ((try? String(contentsOfFile: session.user.home + "/refused", encoding: .utf8)) ?? "")
            .split(separator: "\n").filter { $0.hasPrefix("Error") }
        var kept = Set<String>()
        for app in 0..<5 {
            let list = try call(session, "GetPending", "string:org.example.Burst\(app)")
            try #require(list.succeeded, "\(list.errors)")
            kept.formUnion(answered.filter { list.output.contains(#""\#($0)""#) })
        }
        #expect(answered.count > stoppedAt, "no Add was answered after the stop")
        #expect(kept == answered, "answered but lost: \(answered.subtracting(kept).sorted())")
        let afterStop = try session.property("MainPID", of: "usernoted")
        #expect(afterStop != beforeStop && afterStop != "0", "the calls after the stop did not start it again")
        let kinds = Dictionary(grouping: refusals) { $0.split(separator: ":").first.map(String.init) ?? "" }.mapValues(\.count)
        print("systemd-session: systemctl --user stop of pid \(beforeStop) after \(stoppedAt) answered Adds (the next Add started pid \(afterStop) through systemd): \(answered.count) answered in all, \(kept.count) of them pending after the next start; not answered: \(kinds.isEmpty ? "none" : kinds.map { "\($0.value) × \($0.key)" }.sorted().joined(separator: ", "))")

        // 5. The journal, where one runs.
        let current = try session.property("MainPID", of: "usernoted")
        let environ = (try? Data(contentsOf: URL(filePath: "/proc/\(current)/environ"))).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let stderr = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(current)/fd/2")) ?? "?"
        if FileManager.default.fileExists(atPath: (session.release.root ?? "") + "/run/systemd/journal/stdout") {
            #expect(environ.contains("JOURNAL_STREAM="))
            let journal = try session.run("journalctl", ["--user", "-u", "usernoted", "-o", "json", "--no-pager"])
            #expect(journal.output.contains(#""PRIORITY":"6""#), "\(journal.output.prefix(2000))")
            print("systemd-session: journalctl --user -u usernoted shows its lines with PRIORITY fields")
        } else {
            #expect(!environ.contains("JOURNAL_STREAM="))
            print("systemd-session: the journal cannot be shown here: no systemd-journald runs on this machine (no /run/systemd/journal/stdout, PID 1 is not systemd), so systemd --user gives usernoted \(stderr) as standard error and sets no JOURNAL_STREAM: usernoted's log lines, with or without their <N> priority prefixes, go nowhere that could be read")
        }

        // 6. The user's time zone: a calendar trigger matches the wall clock of the TZ the
        //    session gives the service (the released binary carries the zones' rules, which
        //    it links with Foundation's ICU code). Chatham is 12:45 or 13:45 ahead of UTC.
        let zone = "Pacific/Chatham"
        #expect(try session.systemctl("set-environment", "TZ=\(zone)").succeeded)
        try #require(try session.systemctl("restart", "usernoted").succeeded)
        var wallClock = Calendar(identifier: .gregorian)
        wallClock.timeZone = try #require(TimeZone(identifier: zone))
        let due = wallClock.dateComponents([.hour, .minute, .second], from: .now.addingTimeInterval(8))
        let (hour, minute, second) = (due.hour!, due.minute!, due.second!), at = String(format: "%02d:%02d:%02d", hour, minute, second)
        let trigger = #"{"dateComponents":{"hour":\#(hour),"minute":\#(minute),"second":\#(second)},"repeats":false}"#
        let added = try call(session, "Add", "string:org.example.Zone", #"string:{"identifier":"zoned","content":{"title":"Zoned"},"trigger":\#(trigger)}"#)
        try #require(added.succeeded, "\(added.errors)")
        _ = try await withDeadline(.seconds(20), "the calendar trigger due at \(at) in \(zone) shown") {
            while !(try call(session, "GetDelivered", "string:org.example.Zone").output.contains(#""zoned""#)) {
                try await Task.sleep(for: .milliseconds(200))
            }
            return true
        }
        print("systemd-session: with TZ=\(zone) in the session, a calendar trigger for \(at) there was shown when that time came")
    }

    /// A request scheduled an hour from now, as `Add` takes it.
    func scheduled(_ identifier: String) -> String {
        #"{"identifier":"\#(identifier)","content":{"title":"\#(identifier)"},"trigger":{"timeInterval":3600,"repeats":false}}"#
    }

    /// A `Center1` call by `dbus-send` as the session's user.
    func call(_ session: SystemdUserSession, _ method: String, _ arguments: String...) throws -> CommandResult {
        try session.run("dbus-send", ["--session", "--print-reply", "--reply-timeout=10000", "--dest=io.github.usernoted",
                                      "/io/github/usernoted", "io.github.usernoted.Center1.\(method)"] + arguments)
    }

    /// The process that owns io.github.usernoted, as the bus says.
    func ownerPID(_ session: SystemdUserSession) throws -> pid_t {
        let reply = try session.run("dbus-send", ["--session", "--print-reply", "--dest=org.freedesktop.DBus", "/",
                                                  "org.freedesktop.DBus.GetConnectionUnixProcessID", "string:io.github.usernoted"])
        guard reply.succeeded, let word = reply.output.split(separator: " ").last, let pid = pid_t(word.trimmed) else {
            throw TestSupportError("no owner of io.github.usernoted: \(reply.errors)")
        }
        return pid
    }
}

extension StringProtocol {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
    /// The first "…"-quoted string in dbus-send's output.
    var quotedString: String {
        let parts = split(separator: "\"", omittingEmptySubsequences: false)
        return parts.count > 1 ? String(parts[1]) : ""
    }
}
