import ArgumentParser
import UserNotificationsCore

/// Parsing of argument values that have a model type; failures are usage errors that say why.
enum Arguments {
    /// An app id, checked locally so a typo fails before the bus is touched.
    @Sendable static func appID(_ text: String) throws -> AppID {
        do { return try AppID(validating: text) } catch { throw ValidationError(error.message) }
    }

    /// JSON from a file, `-` for standard input, or given inline (starting with `{` or `[`).
    static func json(from source: String) throws(Failure) -> String {
        if source == "-" { return StandardStreams.readAll() }
        if source.first == "{" || source.first == "[" { return source }
        return try StandardStreams.readFile(source)
    }

    /// A duration: seconds (`90`, `1.5`) or with units (`90s`, `5m`, `1h30m`, `2d`, `250ms`).
    static func seconds(_ text: String, option: String) throws -> Double {
        let units: [(suffix: String, factor: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600), ("d", 86400)]
        var total = 0.0
        var rest = Substring(text)
        if let plain = Double(rest), plain.isFinite { return plain }
        while !rest.isEmpty {
            let number = rest.prefix { $0.isNumber || $0 == "." }
            rest = rest.dropFirst(number.count)
            let unit = rest.prefix { $0.isLetter }
            rest = rest.dropFirst(unit.count)
            guard let value = Double(number), let factor = units.first(where: { $0.suffix == unit })?.factor else {
                throw ValidationError("\(option): '\(text)' is not a duration (e.g. 90s, 5m, 1h30m, 2d)")
            }
            total += value * factor
        }
        guard !text.isEmpty else { throw ValidationError("\(option): empty duration (e.g. 90s)") }
        return total
    }
}

/// `--level passive|active|time-sensitive|critical`; `timeSensitive` is read too.
enum LevelArgument: String, CaseIterable, ExpressibleByArgument, Sendable {
    case passive, active, timeSensitive = "time-sensitive", critical

    init?(argument: String) {
        guard let level = Self(rawValue: argument) ?? (argument == "timeSensitive" ? .timeSensitive : nil) else { return nil }
        self = level
    }

    // ArgumentParser's defaults for these two go through a key path and `reduce(into:)`, whose
    // generic instantiations each scan the binary's protocol conformances at every start of
    // usernotectl (each command's options are described at start); the same values, plainly.
    static var allValueStrings: [String] { allCases.map { $0.rawValue } }

    static var allValueDescriptions: [String: String] {
        var descriptions: [String: String] = [:]
        for level in allCases where level.rawValue != level.defaultValueDescription {
            descriptions[level.rawValue] = level.defaultValueDescription
        }
        return descriptions
    }

    /// The model's level.
    var level: InterruptionLevel {
        switch self {
        case .passive: .passive
        case .active: .active
        case .timeSensitive: .timeSensitive
        case .critical: .critical
        }
    }
}

/// One `--user-info` value: `key=text`, `key:=JSON` (a number, list…), or a whole JSON object.
struct UserInfoArgument: Sendable {
    /// The entries it adds.
    var entries: [String: JSONValue]

    /// Reads one value; the error says which forms are accepted.
    @Sendable init(parsing text: String) throws {
        let forms = #"expected key=text, key:=JSON or a JSON object such as {"MEETING_ID":"42"}"#
        if text.first == "{" || text.first == "[" {
            do {
                entries = try ModelJSON.decode([String: JSONValue].self, from: text, root: "--user-info")
            } catch { throw ValidationError("\(error.message) (\(forms))") }
            return
        }
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw ValidationError("--user-info: '\(text)' has no key (\(forms))")
        }
        let value = String(text[text.index(after: equals)...])
        if text[text.index(before: equals)] == ":" {
            let key = String(text[..<text.index(before: equals)])
            guard !key.isEmpty else { throw ValidationError("--user-info: '\(text)' has no key (\(forms))") }
            do {
                entries = [key: try ModelJSON.decode(JSONValue.self, from: value, root: "--user-info \(key)")]
            } catch { throw ValidationError("\(error.message) (\(forms))") }
        } else {
            entries = [String(text[..<equals]): .string(value)]
        }
    }
}
