#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input, output and error without Foundation (a fast start matters for `post`).
enum StandardStreams {
    /// Prints `line` and flushes, so a pipe reader sees it at once.
    static func printFlushed(_ line: String) {
        print(line)
        fflush(nil)
    }

    /// Writes `line` and a newline to standard error.
    static func writeError(_ line: String) {
        fflush(nil)
        var bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { write(STDERR_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if written <= 0 { break }
            offset += written
        }
    }

    /// All of standard input.
    static func readAll() -> String {
        var text = ""
        while let line = readLine(strippingNewline: false) { text += line }
        return text
    }

    /// All of the file at `path`; an unreadable file is a ``Failure`` with ``ExitStatus/noInput``.
    static func readFile(_ path: String) throws(Failure) -> String {
        guard let file = fopen(path, "r") else {
            throw Failure("cannot read \(path): \(String(cString: strerror(errno)))", status: .noInput)
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            bytes += buffer[..<count]
            if count < buffer.count { break }
        }
        if ferror(file) != 0 { throw Failure("cannot read \(path): \(String(cString: strerror(errno)))", status: .noInput) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
