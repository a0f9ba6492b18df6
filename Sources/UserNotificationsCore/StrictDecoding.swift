/// A coding key for any string, used to see every key of a JSON object.
struct AnyCodingKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { self.stringValue = "Index \(intValue)"; self.intValue = intValue }
}

extension Decoder {
    /// A keyed container that first rejects keys other than `Keys.allCases`, naming the
    /// unknown keys, the known ones and the closest match.
    func strictContainer<Keys: CodingKey & CaseIterable>(
        keyedBy type: Keys.Type, in what: String
    ) throws -> KeyedDecodingContainer<Keys> {
        let known = Keys.allCases.map(\.stringValue)
        let all = try container(keyedBy: AnyCodingKey.self)
        let unknown = all.allKeys.map(\.stringValue).filter { !known.contains($0) }.sorted()
        if let first = unknown.first {
            let quoted = unknown.map { "'\($0)'" }.joined(separator: ", ")
            var problem = unknown.count == 1
                ? "unknown field \(quoted) in \(what)" : "unknown fields \(quoted) in \(what)"
            if let guess = closestMatch(to: first, among: known) {
                problem += " (did you mean '\(guess)'?)"
            }
            problem += "; known fields: " + known.joined(separator: ", ")
            throw ModelError(.invalidJSON, at: [PathComponent](codingPath), problem)
        }
        return try container(keyedBy: Keys.self)
    }

    /// The decoder's coding path followed by `extra`.
    func path(_ extra: PathComponent...) -> [PathComponent] {
        [PathComponent](codingPath) + extra
    }
}

/// The known word within edit distance 2 of `word` (case-insensitive), if one is clearly closest.
func closestMatch(to word: String, among candidates: [String]) -> String? {
    let scored = candidates.map { ($0, editDistance(word.lowercased(), $0.lowercased())) }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2, best.1 < word.count else { return nil }
    return scored.filter { $0.1 == best.1 }.count == 1 ? best.0 : nil
}

/// Levenshtein distance between two strings, by characters.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    var row = Array(0...b.count)
    for i in 1...a.count {
        var previous = row[0]
        row[0] = i
        for j in stride(from: 1, through: b.count, by: 1) {
            let current = row[j]
            row[j] = a[i - 1] == b[j - 1] ? previous : Swift.min(previous, row[j], row[j - 1]) + 1
            previous = current
        }
    }
    return row[b.count]
}

extension ModelError {
    /// Translates Foundation's `DecodingError` into a message a shell-script author
    /// understands: where, what was expected, what was found.
    init(_ error: DecodingError, json: String) {
        switch error {
        case .typeMismatch(let type, let context):
            let expected = Self.describe(type)
            let found = Self.found(in: context.debugDescription).map { ", found \($0)" } ?? ""
            self.init(.invalidJSON, at: [PathComponent](context.codingPath), "expected \(expected)\(found)")
        case .valueNotFound(let type, let context):
            self.init(.invalidJSON, at: [PathComponent](context.codingPath),
                      "expected \(Self.describe(type)), found null")
        case .keyNotFound(let key, let context):
            self.init(.invalidJSON, at: [PathComponent](context.codingPath),
                      "missing required field '\(key.stringValue)'")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                self.init(.invalidJSON, Self.notJSON(json))
            } else {
                self.init(.invalidJSON, at: [PathComponent](context.codingPath), context.debugDescription)
            }
        @unknown default:
            self.init(.invalidJSON, String(describing: error))
        }
    }

    /// "not valid JSON", with the place and reason when the text has a syntax error.
    static func notJSON(_ json: String) -> String {
        guard let syntax = JSONSyntax.firstError(in: json) else {
            return "not valid JSON (a value could not be read; numbers must fit the field)"
        }
        return "not valid JSON: \(syntax.problem) at line \(syntax.line), column \(syntax.column)"
    }

    /// "a string", "an array", … for a Swift type named in a `DecodingError`.
    static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type, is UInt64.Type, is UInt32.Type:
            return "a whole number"
        case is Double.Type, is Float.Type: return "a number"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Dictionary") || name.hasPrefix("[") && name.contains(":") { return "an object" }
            if name.hasPrefix("Array") || name.hasPrefix("[") { return "an array" }
            return "a value of type \(name)"
        }
    }

    /// Reads what Foundation says it found ("… but found number instead.").
    static func found(in debugDescription: String) -> String? {
        guard let start = debugDescription.firstRange(of: "found "),
              let end = debugDescription[start.upperBound...].firstRange(of: " instead")
        else { return nil }
        var word = String(debugDescription[start.upperBound..<end.lowerBound])
        for article in ["a ", "an "] where word.hasPrefix(article) { word.removeFirst(article.count) }
        switch word {
        case "number": return "a number"
        case "string": return "a string"
        case "bool", "boolean": return "true or false"
        case "null": return "null"
        case "array": return "an array"
        case "dictionary", "object": return "an object"
        default: return word
        }
    }
}
