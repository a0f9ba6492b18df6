import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A real `systemd --user` for a ``ThrowawayUser``, with the session bus that
/// dbus-user-session's `dbus.socket` gives it, on a machine that did not boot with systemd
/// (a container, CI). It needs root: it adds the user, creates `/run/user/<uid>` and a
/// cgroup the user's manager may manage, and `/run/systemd/system` (the mark systemd looks
/// for) when that is absent, and removes each of them again in ``shutDown()``. Booted for a
/// newer ``DebianRelease``, the manager and every program of the session are that release's,
/// run in its chroot (which sees this machine's cgroups, `/home` and `/tmp`).
public final class SystemdUserSession: Sendable {
    public let user: ThrowawayUser
    /// Whose programs the session runs.
    public var release: DebianRelease { user.release }
    /// `$XDG_RUNTIME_DIR`: `/run/user/<uid>`, where the bus socket is.
    public let runtimeDirectory: String
    private let manager: ManagedProcess
    private let cgroups: [String]
    private let madeSystemdMark: Bool
    private let madeRunUser: Bool

    static let systemdBinary = "/lib/systemd/systemd"
    static let dbusSocketUnit = "/usr/lib/systemd/user/dbus.socket"
    static let systemdMark = "/run/systemd/system"

    /// Why no session of `release`'s can be booted here, or nil when one can.
    public static func unavailableReason(for release: DebianRelease) -> String? {
        if let reason = unavailableReason { return reason }
        guard let root = release.root else { return nil }
        if let reason = release.unavailable { return reason }
        if !FileManager.default.isExecutableFile(atPath: root + systemdBinary) { return "\(release) has no systemd (\(root + systemdBinary))" }
        if !FileManager.default.fileExists(atPath: root + dbusSocketUnit) { return "\(release) has no dbus-user-session (\(root + dbusSocketUnit))" }
        if !cgroupRoots.allSatisfy({ FileManager.default.fileExists(atPath: root + $0 + "/cgroup.procs") }) {
            return "\(release)'s chroot does not see this machine's cgroups: scripts/debian-chroot mounts them"
        }
        return nil
    }

    /// Why no session can be booted here, or nil when one can.
    public static var unavailableReason: String? {
        if geteuid() != 0 { return "needs root: it adds a throwaway user and starts systemd --user for it" }
        let pid1 = (try? String(contentsOfFile: "/proc/1/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        if pid1 == "systemd" {
            return "PID 1 is systemd: this machine booted with it, and the test never starts a manager of its own beside a real one"
        }
        if !FileManager.default.isExecutableFile(atPath: systemdBinary) { return "systemd is not installed (\(systemdBinary))" }
        if !FileManager.default.fileExists(atPath: dbusSocketUnit) { return "dbus-user-session is not installed (\(dbusSocketUnit))" }
        if cgroupRoots.isEmpty { return "no writable cgroup hierarchy under /sys/fs/cgroup for the user's manager" }
        return nil
    }

    /// The hierarchies systemd uses: the named v1 `systemd` one and the unified one beside it
    /// (hybrid), or the unified one alone.
    static var cgroupRoots: [String] {
        let fm = FileManager.default
        let hybrid = ["/sys/fs/cgroup/systemd", "/sys/fs/cgroup/unified"].filter { fm.isWritableFile(atPath: $0 + "/cgroup.procs") }
        if !hybrid.isEmpty { return hybrid }
        return fm.isWritableFile(atPath: "/sys/fs/cgroup/cgroup.controllers") || fm.isWritableFile(atPath: "/sys/fs/cgroup/cgroup.procs")
            ? ["/sys/fs/cgroup"] : []
    }

    private init(user: ThrowawayUser, runtimeDirectory: String, manager: ManagedProcess, cgroups: [String], madeSystemdMark: Bool, madeRunUser: Bool) {
        self.user = user
        self.runtimeDirectory = runtimeDirectory
        self.manager = manager
        self.cgroups = cgroups
        self.madeSystemdMark = madeSystemdMark
        self.madeRunUser = madeRunUser
    }

    /// The environment a login of the user would have, with its session bus.
    public var environment: [String: String] {
        [
            "HOME": user.home, "USER": user.name, "LOGNAME": user.name, "SHELL": "/bin/sh", "LANG": "C.UTF-8",
            "PATH": "/usr/local/bin:/usr/bin:/bin", "XDG_RUNTIME_DIR": runtimeDirectory,
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(runtimeDirectory)/bus",
        ]
    }

    /// Adds a throwaway user and boots its `systemd --user` (`release`'s); returns once the
    /// manager says it is running and the session bus answers.
    public static func boot(_ release: DebianRelease = .host) async throws -> SystemdUserSession {
        if let reason = unavailableReason(for: release) { throw TestSupportError(reason) }
        let fm = FileManager.default
        let user = try ThrowawayUser.create(for: release)
        let root = release.root ?? ""
        var madeMark = false
        var madeRunUser = false
        var cgroups: [String] = []
        var booting = false
        do {
            if !fm.fileExists(atPath: root + systemdMark) {
                try fm.createDirectory(atPath: root + systemdMark, withIntermediateDirectories: true)
                madeMark = true
            }
            if !fm.fileExists(atPath: root + "/run/user") {
                try fm.createDirectory(atPath: root + "/run/user", withIntermediateDirectories: true)
                madeRunUser = true
            }
            let runtime = "/run/user/\(user.uid)"
            try fm.createDirectory(atPath: root + runtime, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            try user.own(root + runtime)
            // What logind does at login: a cgroup delegated to the user's manager, here
            // user.slice/user-<uid>.slice/user@<uid>.service in each hierarchy.
            for root in cgroupRoots {
                let path = "\(root)/user.slice/user-\(user.uid).slice/user@\(user.uid).service"
                try fm.createDirectory(atPath: path, withIntermediateDirectories: true)
                cgroups.append(path)
                try user.own(path)
            }
            let enter = cgroups.map { "echo $$ > '\($0)/cgroup.procs'" }.joined(separator: " && ")
            let (program, arguments) = release.command("setpriv", user.setprivArguments + [systemdBinary, "--user"])
            let script = "\(enter) && exec \(([program] + arguments).joined(separator: " "))"
            let (manager, _) = try ManagedProcess.start("/bin/sh", ["-c", script], environment: [
                "HOME": user.home, "USER": user.name, "LOGNAME": user.name, "LANG": "C.UTF-8",
                "PATH": "/usr/local/bin:/usr/bin:/bin", "XDG_RUNTIME_DIR": runtime,
            ])
            booting = true  // from here on the session's shutDown() cleans up
            let session = SystemdUserSession(
                user: user, runtimeDirectory: runtime, manager: manager, cgroups: cgroups, madeSystemdMark: madeMark,
                madeRunUser: madeRunUser)
            do {
                try await session.waitUntilRunning()
            } catch {
                session.shutDown()
                throw error
            }
            return session
        } catch {
            if !booting { Self.cleanUp(user: user, cgroups: cgroups, madeMark: madeMark, madeRunUser: madeRunUser, runtime: "/run/user/\(user.uid)") }
            throw error
        }
    }

    private func waitUntilRunning() async throws {
        _ = try await withDeadline(.seconds(30), "systemd --user of \(user.name) running with its session bus") {
            while true {
                guard self.manager.isRunning else {
                    throw TestSupportError("systemd --user exited: \(self.manager.log)")
                }
                let state = try self.systemctl("is-system-running").output.trimmingCharacters(in: .whitespacesAndNewlines)
                if state == "running" || state == "degraded",
                   try self.run("dbus-send", ["--session", "--print-reply", "--dest=org.freedesktop.DBus", "/", "org.freedesktop.DBus.GetId"]).succeeded {
                    return true
                }
                try await Task.sleep(for: .milliseconds(50))
            }
        }
    }

    /// Runs `program` as the user in its session and waits for it.
    @discardableResult
    public func run(_ program: String, _ arguments: [String], input: String? = nil) throws -> CommandResult {
        let (runner, commandLine) = release.command("setpriv", user.setprivArguments + [program] + arguments)
        return try Command.run(runner, commandLine, environment: environment, input: input)
    }

    /// Starts `program` as the user in its session (outside the manager, as a terminal would);
    /// with `fromThisMachine`, this machine's program, on the session bus of the release's chroot.
    public func start(_ program: String, _ arguments: [String], fromThisMachine: Bool = false) throws -> ManagedProcess {
        guard !fromThisMachine, release.root != nil else {
            let root = release.root ?? ""
            var environment = environment
            environment["XDG_RUNTIME_DIR"] = root + runtimeDirectory
            environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(root + runtimeDirectory)/bus"
            return try ManagedProcess.start("setpriv", user.setprivArguments + [program] + arguments, environment: environment).0
        }
        let (runner, commandLine) = release.command("setpriv", user.setprivArguments + [program] + arguments)
        return try ManagedProcess.start(runner, commandLine, environment: environment).0
    }

    /// `systemctl --user` with `arguments`, as the user.
    @discardableResult
    public func systemctl(_ arguments: String...) throws -> CommandResult {
        try run("systemctl", ["--user"] + arguments)
    }

    /// A property of a user unit, as `systemctl --user show -p NAME --value UNIT` prints it.
    public func property(_ name: String, of unit: String) throws -> String {
        try systemctl("show", "-p", name, "--value", unit).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Stops the manager (and with it every unit), kills what is left of the user's
    /// processes, and removes the user, its runtime directory, the cgroups and the mark.
    public func shutDown() {
        _ = try? systemctl("exit")
        if manager.isRunning {
            _ = try? withDeadlineSync(seconds: 15) { !self.manager.isRunning }
        }
        manager.stop(grace: .seconds(5))
        Self.cleanUp(user: user, cgroups: cgroups, madeMark: madeSystemdMark, madeRunUser: madeRunUser, runtime: runtimeDirectory)
    }

    private static func cleanUp(user: ThrowawayUser, cgroups: [String], madeMark: Bool, madeRunUser: Bool, runtime: String) {
        let fm = FileManager.default
        // Whatever the manager left (it kills its units as it exits; a crash would not).
        for _ in 0..<50 {
            let pids = cgroups.flatMap { processes(under: $0) }
            if pids.isEmpty { break }
            pids.forEach { kill($0, SIGKILL) }
            usleep(100_000)
        }
        for path in cgroups {
            let directories = ((fm.enumerator(atPath: path)?.allObjects as? [String]) ?? [])
                .map { "\(path)/\($0)" }
                .filter { var isDirectory: ObjCBool = false; return fm.fileExists(atPath: $0, isDirectory: &isDirectory) && isDirectory.boolValue }
                .sorted { $0.count > $1.count }
            let slice = (path as NSString).deletingLastPathComponent
            for directory in directories + [path, slice, (slice as NSString).deletingLastPathComponent] { rmdir(directory) }
        }
        let root = user.release.root ?? ""
        try? fm.removeItem(atPath: root + runtime)
        user.delete()
        if madeRunUser { rmdir(root + "/run/user") }
        if madeMark { rmdir(root + systemdMark) }
    }

    /// The processes in the cgroup at `path` and below it.
    static func processes(under path: String) -> [pid_t] {
        let fm = FileManager.default
        let subpaths = ((fm.enumerator(atPath: path)?.allObjects as? [String]) ?? []).filter { $0.hasSuffix("cgroup.procs") }
        return (["cgroup.procs"] + subpaths).flatMap { file -> [pid_t] in
            ((try? String(contentsOfFile: "\(path)/\(file)", encoding: .utf8)) ?? "")
                .split(separator: "\n").compactMap { pid_t($0) }
        }
    }
}

/// Polls `done` every 50 ms for up to `seconds`; throws when it never holds.
func withDeadlineSync(seconds: Double, _ done: () -> Bool) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while !done() {
        if Date() > deadline { throw TestSupportError("still not done after \(seconds) s") }
        usleep(50_000)
    }
}
