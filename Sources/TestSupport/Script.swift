#if canImport(Glibc)
import Glibc
#endif

/// Writes an executable shell script with a close-on-exec descriptor: a descriptor open for
/// writing that a process spawned meanwhile inherits makes exec fail with "Text file busy".
@discardableResult
public func writeScript(_ path: String, _ body: String) throws -> String {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard fd >= 0 else { throw TestSupportError("cannot create \(path)") }
    defer { close(fd) }
    let bytes = Array("#!/bin/sh\n\(body)\n".utf8)
    guard write(fd, bytes, bytes.count) == bytes.count else { throw TestSupportError("cannot write \(path)") }
    return path
}
