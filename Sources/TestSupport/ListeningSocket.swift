#if canImport(Glibc)
import Glibc
#endif

/// A Unix socket bound at `path` that takes connections into its backlog and never answers:
/// a bus that hangs, or just a socket file.
public final class ListeningSocket {
    public let path: String
    private let fd: Int32

    public init(at path: String) throws {
        self.path = path
        var address = sockaddr_un()
        let longest = MemoryLayout.size(ofValue: address.sun_path) - 1  // and its terminating NUL
        guard path.utf8.count <= longest else {
            throw TestSupportError("cannot listen on \(path): a socket's path has at most \(longest) bytes")
        }
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard fd >= 0, bound == 0, listen(fd, 16) == 0 else { throw TestSupportError("cannot listen on \(path): errno \(errno)") }
    }

    deinit { close(fd) }
}
