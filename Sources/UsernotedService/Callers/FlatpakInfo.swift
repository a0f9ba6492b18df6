#if canImport(Glibc)
import Glibc
#endif
import UserNotificationsCore

/// A Flatpak app's id, read as xdg-desktop-portal reads it: the `name` key of the
/// `[Application]` group (`[Runtime]` when a runtime runs on its own) of the
/// `/.flatpak-info` file in the process's root directory (`/proc/<pid>/root`).
enum FlatpakInfo {
    /// What a process's root says.
    enum Outcome: Sendable, Hashable {
        /// No `/.flatpak-info`: not a Flatpak app.
        case notFlatpak
        /// A Flatpak app with this id.
        case app(String)
        /// The root or the file cannot be read, or names no valid id: the caller is trusted with nothing.
        case unreadable(String)
    }

    /// The most of the file that is read; flatpak writes well under a kilobyte.
    static let maxBytes = 64 * 1024

    /// Reads `/proc/<pid>/root/.flatpak-info`.
    static func read(pid: UInt32, proc: String = "/proc") -> Outcome {
        let rootPath = "\(proc)/\(pid)/root"
        let root = open(rootPath, O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard root >= 0 else {
            // The process is gone, or its root is out of reach: never take that for "unsandboxed".
            return .unreadable("cannot open \(rootPath): \(String(cString: strerror(errno)))")
        }
        defer { close(root) }
        // O_NOFOLLOW: flatpak bind-mounts a regular file there; a symbolic link would be
        // resolved against the daemon's root, not the caller's.
        let file = openat(root, ".flatpak-info", O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard file >= 0 else {
            if errno == ENOENT { return .notFlatpak }
            return .unreadable("cannot open \(rootPath)/.flatpak-info: \(String(cString: strerror(errno)))")
        }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            return .unreadable("\(rootPath)/.flatpak-info is not a regular file")
        }
        guard let text = readText(file) else { return .unreadable("cannot read \(rootPath)/.flatpak-info") }
        guard let id = appID(inKeyFile: text) else {
            return .unreadable("\(rootPath)/.flatpak-info names no application")
        }
        guard AppID.isValid(id) else { return .unreadable("\(rootPath)/.flatpak-info names '\(id)', not a valid app id") }
        return .app(id)
    }

    /// The `name` of the `[Application]` group, or of `[Runtime]` when there is one, in the
    /// text of a `.flatpak-info` key file (GKeyFile syntax: `[group]`, `key=value`, `#` comments).
    static func appID(inKeyFile text: String) -> String? {
        var group = ""
        var names: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingWhitespace()
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed.hasPrefix("["), trimmed.hasSuffix("]") {
                group = String(trimmed.dropFirst().dropLast())
                continue
            }
            guard let equals = trimmed.firstIndex(of: "="), trimmed[..<equals].trimmingWhitespace() == "name" else { continue }
            names[group] = String(trimmed[trimmed.index(after: equals)...].trimmingWhitespace())
        }
        let id = names["Runtime"] ?? names["Application"]
        return id?.isEmpty == false ? id : nil
    }

    /// The file's text, at most ``maxBytes``; nil on a read error.
    private static func readText(_ fd: Int32) -> String? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < maxBytes {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes.prefix(maxBytes), as: UTF8.self)
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmingWhitespace() -> Substring {
        let text = Substring(self)
        guard let first = text.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let last = text.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return text[first...last]
    }
}
