import Foundation

/// The Debian release a test's notification server comes from: this machine's own (Debian 12),
/// or a newer one's, run from the chroot `scripts/debian-chroot` makes (`.ci/run` makes Debian
/// 13's). A program of a chroot runs as `chroot ROOT PROGRAM…` with the environment the test
/// gives it; the chroot shares this machine's /tmp (the private buses, the X sockets, the
/// tests' files) and has the repository at its own path (the fixtures).
public struct DebianRelease: Sendable, Hashable, CustomStringConvertible {
    /// e.g. `Debian 13`.
    public let description: String
    /// The chroot's root directory; nil for this machine.
    public let root: String?
    /// What `scripts/debian-chroot` calls it (`trixie`, `testing`).
    public var codename = "bookworm"
    /// The version of dunst it ships, as dunst says it (`1.9.`…): proof that its servers run.
    public var dunstVersion = "1.9."

    /// This machine's own packages.
    public static let host = DebianRelease(description: "Debian 12", root: nil)
    /// Debian 13 "trixie", from `USERNOTED_DEBIAN13_ROOT` or `/var/tmp/usernoted-trixie`.
    public static let trixie = DebianRelease(
        description: "Debian 13",
        root: ProcessInfo.processInfo.environment["USERNOTED_DEBIAN13_ROOT"] ?? "/var/tmp/usernoted-trixie",
        codename: "trixie", dunstVersion: "1.12.")
    /// Debian testing, which moves every day (`make matrix DEBIAN=testing`), from
    /// `USERNOTED_DEBIAN_TESTING_ROOT` or `/var/tmp/usernoted-testing`.
    public static let testing = DebianRelease(
        description: "Debian testing",
        root: ProcessInfo.processInfo.environment["USERNOTED_DEBIAN_TESTING_ROOT"] ?? "/var/tmp/usernoted-testing",
        codename: "testing", dunstVersion: "1.13.")

    /// The release `scripts/debian-chroot` names `codename`.
    public static func named(_ codename: String) -> DebianRelease? {
        [host, trixie, testing].first { $0.codename == codename }
    }

    /// Why its programs cannot run here, or nil when they can: the chroot is made, and mounted
    /// (its /tmp is this machine's).
    public var unavailable: String? {
        guard let root else { return nil }
        let make = "scripts/debian-chroot \(codename) \(root) makes and mounts it" + (self == .trixie ? " (.ci/run does)" : "")
        guard FileManager.default.fileExists(atPath: root + "/usr/bin/dunst") else { return "\(description)'s chroot is not at \(root): \(make)" }
        var inside = stat(), outside = stat()
        guard stat(root + "/tmp", &inside) == 0, stat("/tmp", &outside) == 0,
              inside.st_dev == outside.st_dev, inside.st_ino == outside.st_ino
        else { return "\(description)'s chroot at \(root) is not mounted: \(make)" }
        guard FileManager.default.fileExists(atPath: root + TestDesktop.fixtures.path) else {
            return "\(description)'s chroot at \(root) does not see this repository's fixtures: scripts/debian-chroot, run from this repository, mounts it"
        }
        return nil
    }

    /// Throws ``unavailable`` as an error where its programs cannot run here.
    func check() throws {
        if let unavailable { throw TestSupportError(unavailable) }
    }

    /// The command that runs `program` with `arguments` from this release.
    public func command(_ program: String, _ arguments: [String]) -> (program: String, arguments: [String]) {
        guard let root else { return (program, arguments) }
        return ("/usr/sbin/chroot", [root, program] + arguments)  // a path: D-Bus activation files need one
    }
}
