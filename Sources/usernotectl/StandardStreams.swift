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
}
