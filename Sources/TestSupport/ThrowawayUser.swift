import Foundation

/// A user account made for one test (`useradd`, root only) and deleted with its home after it.
/// dbus-daemon finds a user's D-Bus activation files under the home that passwd names, not
/// under `$HOME`, so a test of a real session needs a user of its own.
public struct ThrowawayUser: Sendable {
    public let name: String
    public let uid: UInt32
    public let gid: UInt32
    /// The home directory passwd names.
    public let home: String
    /// The release whose programs run as the user: a chroot's passwd names it too.
    public private(set) var release = DebianRelease.host

    /// Adds a user named `usernoted-t-<random>` with a home and a group of its own, known to
    /// `release`'s programs too.
    public static func create(for release: DebianRelease) throws -> ThrowawayUser {
        var user = try create()
        guard release.root != nil else { return user }
        user.release = release
        for (program, arguments) in [
            ("groupadd", ["--gid", "\(user.gid)", user.name]),
            ("useradd", ["--no-create-home", "--uid", "\(user.uid)", "--gid", "\(user.gid)", "--home-dir", user.home, "--shell", "/bin/sh", user.name]),
        ] {
            let (runner, commandLine) = release.command(program, arguments)
            let added = try Command.run(runner, commandLine)
            guard added.succeeded else {
                user.delete()
                throw TestSupportError("\(program) \(user.name) in \(release) failed: \(added.errors)")
            }
        }
        return user
    }

    /// Adds a user named `usernoted-t-<random>` with a home and a group of its own.
    public static func create() throws -> ThrowawayUser {
        let name = "usernoted-t-\(UUID().uuidString.prefix(8).lowercased())"
        let added = try Command.run("useradd", ["--create-home", "--user-group", "--shell", "/bin/sh", name])
        guard added.succeeded else { throw TestSupportError("useradd \(name) failed: \(added.errors)") }
        guard let entry = getpwnam(name) else { throw TestSupportError("\(name) is not in passwd after useradd") }
        return ThrowawayUser(
            name: name, uid: entry.pointee.pw_uid, gid: entry.pointee.pw_gid, home: String(cString: entry.pointee.pw_dir))
    }

    /// `setpriv` arguments that run a program as this user, with its groups.
    public var setprivArguments: [String] {
        ["--reuid=\(uid)", "--regid=\(gid)", "--init-groups", "--"]
    }

    /// A new runtime directory (`XDG_RUNTIME_DIR`) for the user under `parent`: its own, mode 700.
    public func runtimeDirectory(under parent: URL) throws -> URL {
        let runtime = parent.appending(path: "runtime-\(uid)")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try own(runtime.path)
        return runtime
    }

    /// The environment the user's programs run with: its home, `runtime` as its runtime
    /// directory, and the given session and system buses.
    public func environment(runtime: URL, sessionBus: String, systemBus: String) -> [String: String] {
        ["HOME": home, "USER": name, "PATH": "/usr/local/bin:/usr/bin:/bin", "XDG_RUNTIME_DIR": runtime.path,
         "DBUS_SESSION_BUS_ADDRESS": sessionBus, "DBUS_SYSTEM_BUS_ADDRESS": systemBus]
    }

    /// Gives the user the files under `path` (what root wrote into its home).
    public func own(_ path: String) throws {
        let chown = try Command.run("chown", ["-R", "\(uid):\(gid)", path])
        guard chown.succeeded else { throw TestSupportError("chown \(path) failed: \(chown.errors)") }
    }

    /// Deletes the user and its home (`userdel --remove`), in the chroot too.
    public func delete() {
        if release.root != nil {
            let (runner, commandLine) = release.command("userdel", ["--force", name])
            _ = try? Command.run(runner, commandLine)
        }
        _ = try? Command.run("userdel", ["--remove", "--force", name])
    }
}
