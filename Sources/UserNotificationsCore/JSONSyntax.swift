/// Finds the first syntax error in JSON text, for messages that say where the text is broken
/// (Foundation's decoder only says that it is).
enum JSONSyntax {
    /// Where the text stops being JSON and why; line and column count from 1.
    struct Failure: Sendable, Hashable {
        var line: Int
        var column: Int
        var problem: String
    }

    /// The deepest nesting of arrays and objects accepted (as Foundation's decoder).
    static let maximumDepth = 512

    /// Whether arrays and objects in `text` nest deeper than ``maximumDepth``, read as far
    /// as needed (brackets inside strings do not count). Foundation's decoder traps, instead
    /// of failing, on text that ends right where it passes that depth, so the daemon asks first.
    static func nestsTooDeep(_ text: String) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in text.utf8 {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > maximumDepth { return true }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return false
    }

    /// The first syntax error in `text`, or `nil` when it is well-formed JSON.
    static func firstError(in text: String) -> Failure? {
        var scanner = Scanner(bytes: Array(text.utf8))
        do throws(Scanner.Stop) {
            scanner.skipSpace()
            try scanner.value(depth: 0)
            scanner.skipSpace()
            if !scanner.atEnd { throw Scanner.Stop(problem: "unexpected text after the JSON value") }
            return nil
        } catch {
            return scanner.failure(error.problem)
        }
    }

    private struct Scanner {
        struct Stop: Error { var problem: String }
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index >= bytes.count }

        func failure(_ problem: String) -> Failure {
            var line = 1, lineStart = 0
            for i in 0..<min(index, bytes.count) where bytes[i] == UInt8(ascii: "\n") {
                line += 1
                lineStart = i + 1
            }
            let column = String(decoding: bytes[lineStart..<min(index, bytes.count)], as: UTF8.self).count + 1
            return Failure(line: line, column: column, problem: problem)
        }

        mutating func skipSpace() {
            while !atEnd, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        func unexpected(_ expected: String) -> Stop {
            if atEnd { return Stop(problem: "the text ends where \(expected) was expected") }
            let scalar = String(decoding: bytes[index...].prefix(4), as: UTF8.self).first.map(String.init) ?? "?"
            return Stop(problem: "unexpected '\(scalar)' where \(expected) was expected")
        }

        mutating func literal(_ word: String) throws(Stop) {
            let start = index
            for byte in word.utf8 {
                guard !atEnd, bytes[index] == byte else {
                    index = start
                    throw bareWord()
                }
                index += 1
            }
        }

        /// A word without quotes where a value belongs: usually a string missing its quotes.
        func bareWord() -> Stop {
            let word = bytes[index...].prefix { isDigit($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x5F }
            let text = String(decoding: word.prefix(20), as: UTF8.self)
            return Stop(problem: "unexpected '\(text)' where a value was expected (strings need double quotes)")
        }

        mutating func value(depth: Int) throws(Stop) {
            guard depth < JSONSyntax.maximumDepth else { throw Stop(problem: "nested too deeply (more than \(JSONSyntax.maximumDepth) arrays and objects inside each other)") }
            guard !atEnd else { throw unexpected("a value") }
            switch bytes[index] {
            case UInt8(ascii: "{"): try object(depth: depth)
            case UInt8(ascii: "["): try array(depth: depth)
            case UInt8(ascii: "\""): try string()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
            case UInt8(ascii: "'"): throw Stop(problem: "strings must use double quotes, not single quotes")
            case 0x41...0x5A, 0x61...0x7A, UInt8(ascii: "_"): throw bareWord()
            default: throw unexpected("a value")
            }
        }

        mutating func object(depth: Int) throws(Stop) {
            index += 1
            skipSpace()
            if !atEnd, bytes[index] == UInt8(ascii: "}") { index += 1; return }
            while true {
                skipSpace()
                guard !atEnd, bytes[index] == UInt8(ascii: "\"") else {
                    if !atEnd, bytes[index] == UInt8(ascii: "}") {
                        throw Stop(problem: "a comma before '}' (trailing commas are not JSON)")
                    }
                    throw unexpected("a field name in double quotes")
                }
                try string()
                skipSpace()
                guard !atEnd, bytes[index] == UInt8(ascii: ":") else { throw unexpected("':'") }
                index += 1
                skipSpace()
                try value(depth: depth + 1)
                skipSpace()
                guard !atEnd else { throw unexpected("',' or '}'") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return }
                throw unexpected("',' or '}'")
            }
        }

        mutating func array(depth: Int) throws(Stop) {
            index += 1
            skipSpace()
            if !atEnd, bytes[index] == UInt8(ascii: "]") { index += 1; return }
            while true {
                skipSpace()
                if !atEnd, bytes[index] == UInt8(ascii: "]") {
                    throw Stop(problem: "a comma before ']' (trailing commas are not JSON)")
                }
                try value(depth: depth + 1)
                skipSpace()
                guard !atEnd else { throw unexpected("',' or ']'") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return }
                throw unexpected("',' or ']'")
            }
        }

        mutating func string() throws(Stop) {
            index += 1
            while !atEnd {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") { index += 1; return }
                if byte < 0x20 { throw Stop(problem: "a control character (such as a newline) inside a string; write it as an escape like \\n") }
                if byte == UInt8(ascii: "\\") {
                    index += 1
                    guard !atEnd else { break }
                    switch bytes[index] {
                    case UInt8(ascii: "u"):
                        for _ in 0..<4 {
                            index += 1
                            guard !atEnd, isHexDigit(bytes[index]) else { throw Stop(problem: "\\u must be followed by 4 hex digits") }
                        }
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                         UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        break
                    default: throw Stop(problem: "unknown escape in a string")
                    }
                }
                index += 1
            }
            throw Stop(problem: "the text ends inside a string (a closing '\"' is missing)")
        }

        mutating func number() throws(Stop) {
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard !atEnd, isDigit(bytes[index]) else { throw unexpected("a digit") }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
                if !atEnd, isDigit(bytes[index]) { throw Stop(problem: "numbers must not have leading zeros") }
            } else {
                while !atEnd, isDigit(bytes[index]) { index += 1 }
            }
            if !atEnd, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard !atEnd, isDigit(bytes[index]) else { throw unexpected("a digit after '.'") }
                while !atEnd, isDigit(bytes[index]) { index += 1 }
            }
            if !atEnd, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if !atEnd, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard !atEnd, isDigit(bytes[index]) else { throw unexpected("a digit in the exponent") }
                while !atEnd, isDigit(bytes[index]) { index += 1 }
            }
        }

        func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        func isHexDigit(_ b: UInt8) -> Bool {
            isDigit(b) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(b) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(b)
        }
    }
}
