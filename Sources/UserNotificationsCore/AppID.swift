/// A desktop-style app id such as `org.example.Calendar`, valid as a D-Bus well-known bus name.
///
/// Rules: two or more elements separated by `.`, each non-empty, made of `A–Z a–z 0–9 _ -`,
/// none starting with a digit; at most 255 characters in all.
public struct AppID: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The id as text.
    public let rawValue: String

    /// The longest app id, as for any D-Bus name.
    public static let maximumLength = 255

    /// Checks `text` against the rules and keeps it, or says which rule it breaks.
    public init(validating text: String) throws(ModelError) {
        if let problem = Self.problem(with: text) {
            throw ModelError(.invalidAppId, "'\(text)' is not a valid app id: \(problem); use a reverse-DNS name such as org.example.Calendar")
        }
        rawValue = text
    }

    /// Whether `text` is a valid app id.
    public static func isValid(_ text: String) -> Bool { problem(with: text) == nil }

    public var description: String { rawValue }

    public static func < (lhs: AppID, rhs: AppID) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            try self.init(validating: text)
        } catch {
            throw ModelError(.invalidAppId, at: [PathComponent](decoder.codingPath), error.problem)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The first rule `text` breaks, in words, or `nil`. Every call names an app id, so a valid
    /// one is recognised in one pass over its bytes; only an invalid one is looked at again.
    private static func problem(with text: String) -> String? {
        keepsTheRules(text) ? nil : brokenRule(text) ?? "it breaks the rules"
    }

    /// Whether `text` keeps every rule (one pass over its bytes).
    static func keepsTheRules(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard !utf8.isEmpty, utf8.count <= maximumLength else { return false }
        var (elements, atElementStart) = (1, true)
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "."):
                guard !atElementStart else { return false }
                (elements, atElementStart) = (elements + 1, true)
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard !atElementStart else { return false }
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                atElementStart = false
            default:
                return false
            }
        }
        return !atElementStart && elements >= 2
    }

    /// The first rule `text` breaks, in words, or `nil`: the rules one at a time.
    static func brokenRule(_ text: String) -> String? {
        if text.isEmpty { return "it is empty" }
        if text.utf8.count > maximumLength { return "it is \(text.utf8.count) characters long; the limit is \(maximumLength)" }
        if let bad = text.unicodeScalars.first(where: { !isAllowed($0) && $0 != "." }) {
            return "'\(bad.escaped(asASCII: true))' is not allowed; use only letters, digits, '_', '-' and '.'"
        }
        let elements = text.split(separator: ".", omittingEmptySubsequences: false)
        if elements.count < 2 { return "it needs at least two elements separated by '.'" }
        for element in elements {
            guard let first = element.unicodeScalars.first else {
                return "it has an empty element (check for a leading, trailing or doubled '.')"
            }
            if ("0"..."9").contains(first) { return "element '\(element)' starts with a digit" }
        }
        return nil
    }

    private static func isAllowed(_ c: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "_" || c == "-"
    }
}
