#if canImport(Glibc)
import Glibc
#endif
import Foundation

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

/// The text of the file at `path` once `done` holds for it, such as the line a script
/// appends (read every 10 ms); throws when that takes longer than `timeout`.
public func fileText(
    at path: String, within timeout: Duration = .seconds(10), _ what: String,
    until done: @escaping @Sendable (String) -> Bool
) async throws -> String {
    try await withDeadline(timeout, what) {
        while true {
            if let text = try? String(contentsOfFile: path, encoding: .utf8), done(text) { return text }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
