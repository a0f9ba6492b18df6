#if canImport(Glibc)
import Glibc
#endif
import DBus
import Foundation
import Logging

/// The files of portal notifications' icons (a Flatpak app's avatar of the sender, sent by the
/// frontend as a sealed file): each kept once in `directory`, named by its SHA-256, so a
/// notification shown again after a restart of usernoted or of the server still has it; the
/// `limit` most recently used are kept, the older removed as new ones come.
final class PortalIcons: Sendable {
    let directory: URL
    let limit: Int
    /// The largest icon kept, in bytes; the frontend passes none larger than 4 MiB.
    let maxBytes: Int
    private let logger: Logger

    init(directory: URL, limit: Int = 256, maxBytes: Int = 4 << 20, logger: Logger) {
        self.directory = directory
        self.limit = limit
        self.maxBytes = maxBytes
        self.logger = logger
    }

    /// The `file://` URI of the icon read from `file`, kept; nil (logged) when it cannot be.
    func keep(_ file: UnixFD) -> String? {
        guard let bytes = Self.read(file, maxBytes: maxBytes) else {
            logger.notice("a portal notification's icon is not a readable file of at most \(maxBytes) bytes; shown without it")
            return nil
        }
        return keep(bytes)
    }

    /// The `file://` URI of an icon of `bytes`, kept; nil (logged) when it cannot be.
    func keep(_ bytes: [UInt8]) -> String? {
        guard !bytes.isEmpty, bytes.count <= maxBytes else { return nil }
        let name = SHA256.hex(SHA256.digest(bytes)) + Self.suffix(of: bytes)
        let url = directory.appending(path: name)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            if access(url.path, F_OK) == 0 {
                utimensat(AT_FDCWD, url.path, nil, 0)  // used again: the newest
            } else {
                try Data(bytes).write(to: url, options: .atomic)
                removeOldest()
            }
            return url.absoluteString
        } catch {
            logger.warning("cannot keep a portal notification's icon; shown without it", metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// Removes the least recently used files past ``limit``.
    private func removeOldest() {
        let keys: Set<URLResourceKey> = [.contentModificationDateKey]
        guard let files = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: Array(keys)),
              files.count > limit else { return }
        let dated = files.map { ($0, (try? $0.resourceValues(forKeys: keys).contentModificationDate) ?? .distantPast) }
        for (file, _) in dated.sorted(by: { $0.1 < $1.1 }).prefix(files.count - limit) {
            try? FileManager.default.removeItem(at: file)
        }
    }

    /// The bytes of `file` if it is an ordinary file of at most `maxBytes` (a pipe or a device
    /// could keep the loop waiting).
    static func read(_ file: UnixFD, maxBytes: Int) -> [UInt8]? {
        var info = stat()
        guard fstat(file.rawValue, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0, info.st_size <= maxBytes else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeMutableBytes { pread(file.rawValue, $0.baseAddress! + done, $0.count - done, off_t(done)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            done += count
        }
        return bytes
    }

    /// The file name suffix of an image of `bytes` (the kinds the frontend lets through),
    /// so that servers that go by the name read it right.
    static func suffix(of bytes: [UInt8]) -> String {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return ".png" }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return ".jpg" }
        if String(decoding: bytes.prefix(512), as: UTF8.self).contains("<svg") { return ".svg" }
        return ""
    }
}
