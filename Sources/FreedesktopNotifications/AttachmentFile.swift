#if canImport(Glibc)
import Glibc
#endif
import Foundation
import UserNotificationsCore

/// Which attachment files a notification server may be given to read: an ordinary file of
/// the user's, readable, not too big, and not under `/proc`, `/sys` or `/dev` — and for a
/// sandboxed app, in its own directory.
public enum AttachmentFile {
    /// Trees of special files that are never attachments.
    public static let refusedTrees = ["/proc", "/sys", "/dev"]

    /// The real path (symbolic links resolved) of the file `attachment` names if it may be
    /// shown, or why not, in words that finish "attachments[0].url: '…' …". With `directory`
    /// (a sandboxed app's own), the file must be in it, both as named and once resolved; a
    /// file elsewhere gets one answer whether it exists or not, so the app learns nothing of it.
    public static func check(_ attachment: NotificationAttachment, maxBytes: Int, within directory: String? = nil) -> Result<String, Problem> {
        guard let path = attachment.path else { return .failure(Problem("is not a file:// URL of a local file")) }
        let outside = Problem("is not a file in \(directory ?? ""), the only place a sandboxed app's attachments may come from")
        if let directory, !isInside(URL(filePath: path).standardized.path, directory) { return .failure(outside) }
        guard let resolved = realPath(path) else {
            if directory != nil { return .failure(outside) }
            return .failure(Problem(errno == ENOENT ? "does not exist" : "cannot be reached (\(String(cString: strerror(errno))))"))
        }
        if let directory, !isInside(resolved, realPath(directory) ?? directory) { return .failure(outside) }
        if let tree = refusedTrees.first(where: { resolved == $0 || resolved.hasPrefix($0 + "/") }) {
            return .failure(Problem("is under \(tree) (as \(resolved)); only ordinary files can be attachments"))
        }
        var info = stat()
        guard stat(resolved, &info) == 0 else {
            return .failure(Problem("cannot be read (\(String(cString: strerror(errno))))"))
        }
        if let kind = specialKind(info.st_mode) {
            return .failure(Problem("is \(kind), not an ordinary file"))
        }
        if info.st_uid != geteuid() {
            return .failure(Problem("belongs to another user (uid \(info.st_uid)); attachments must be your own files"))
        }
        if Int(info.st_size) > maxBytes {
            return .failure(Problem("is \(info.st_size) bytes; the limit is \(maxBytes) (attachmentBytes)", kind: .limitExceeded))
        }
        let fd = open(resolved, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(Problem("cannot be read (\(String(cString: strerror(errno))))")) }
        close(fd)
        return .success(resolved)
    }

    /// The path of the first attachment that may be shown now, whatever its size (it was
    /// measured when the request was added), as a `file://` URI for the `image-path` hint.
    public static func imageURI(of attachments: [NotificationAttachment]) -> String? {
        for attachment in attachments where attachment.isImage {
            if case .success(let path) = check(attachment, maxBytes: .max) { return URL(filePath: path).absoluteString }
        }
        return nil
    }

    /// Checks every attachment of `request` (within `directory`, if given); the first bad one
    /// is a named error at `content.attachments[i].url` (`InvalidRequest`, or `LimitExceeded` for size).
    public static func validate(_ request: NotificationRequest, maxBytes: Int, within directory: String? = nil) throws(ModelError) {
        for (index, attachment) in request.content.attachments.enumerated() {
            if case .failure(let problem) = check(attachment, maxBytes: maxBytes, within: directory) {
                let name = attachment.identifier.isEmpty ? "" : " ('\(attachment.identifier)')"
                throw ModelError(problem.kind, at: [.key("content"), .key("attachments"), .index(index), .key("url")],
                                 "'\(attachment.url)'\(name) \(problem.text)")
            }
        }
    }

    /// Why a file may not be shown.
    public struct Problem: Error, Sendable, Hashable {
        /// What is wrong, e.g. "is a directory, not an ordinary file".
        public var text: String
        /// The model error it becomes.
        public var kind: ErrorName

        init(_ text: String, kind: ErrorName = .invalidRequest) {
            self.text = text
            self.kind = kind
        }
    }

    /// "a directory", "a FIFO", … for anything but a regular file.
    static func specialKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        default: "a special file"
        }
    }

    /// Whether `path` is `directory` or below it (both absolute, without `..`).
    static func isInside(_ path: String, _ directory: String) -> Bool {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(prefix)
    }

    /// `realpath(3)`; nil with `errno` set when the path cannot be resolved.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
