#if canImport(Glibc)
import Glibc
#endif

/// A snap's name, read from the process's control group (`/proc/<pid>/cgroup`): snapd runs
/// every snap app in a scope or service named `snap.<instance>.<app>…` (and, with cgroup v1,
/// a freezer group `snap.<instance>`). Like xdg-desktop-portal, only the freezer, the
/// `name=systemd` and the unified (v2) hierarchies count.
enum SnapCgroup {
    /// What a process's control groups say.
    enum Outcome: Sendable, Hashable {
        /// No `snap.` group: not a snap.
        case notSnap
        /// The snap with this instance name (`firefox`, or `firefox_beta` for a parallel install).
        case snap(String)
        /// A snap whose name cannot be read, or a file that cannot be read: trusted with nothing.
        case unreadable(String)
    }

    /// Reads `/proc/<pid>/cgroup`.
    static func read(pid: UInt32, proc: String = "/proc") -> Outcome {
        let path = "\(proc)/\(pid)/cgroup"
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            // No file: the process is gone; the Flatpak check before this one has already refused it.
            if errno == ENOENT { return .notSnap }
            return .unreadable("cannot open \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 20 {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return .unreadable("cannot read \(path): \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        return snap(inCgroupFile: String(decoding: bytes, as: UTF8.self))
    }

    /// The snap a `/proc/<pid>/cgroup` text (`id:controllers:path` lines) places the process in.
    static func snap(inCgroupFile text: String) -> Outcome {
        var names: Set<String> = []
        for line in text.split(whereSeparator: \.isNewline) {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, ["freezer", "name=systemd", ""].contains(fields[1]) else { continue }
            guard let group = fields[2].split(separator: "/").last(where: { $0.hasPrefix("snap.") }) else { continue }
            // snap.<instance>.<app>-<uuid>.scope, snap.<instance>.<app>.service, snap.<instance>.hook.<hook>…, or snap.<instance>
            let name = group.dropFirst("snap.".count).prefix { $0 != "." }
            guard isInstanceName(name) else {
                return .unreadable("the control group \(fields[2]) names no snap that can be told")
            }
            names.insert(String(name))
        }
        guard let name = names.first else { return .notSnap }
        guard names.count == 1 else {
            return .unreadable("its control groups name different snaps (\(names.sorted().joined(separator: ", ")))")
        }
        return .snap(name)
    }

    /// snapd's instance names: a snap name (lower-case letters, digits, '-'), and for a
    /// parallel install '_' and a key of up to 10 lower-case letters and digits.
    static func isInstanceName(_ name: Substring) -> Bool {
        let parts = name.split(separator: "_", maxSplits: 1, omittingEmptySubsequences: false)
        let snapName = parts[0]
        let lower: (Character) -> Bool = { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        guard (1...40).contains(snapName.count), snapName.allSatisfy({ lower($0) || $0 == "-" }),
              snapName.first != "-", snapName.last != "-", !snapName.contains("--"), snapName.contains(where: { ("a"..."z").contains($0) })
        else { return false }
        guard parts.count == 2 else { return true }
        return (1...10).contains(parts[1].count) && parts[1].allSatisfy(lower)
    }
}
