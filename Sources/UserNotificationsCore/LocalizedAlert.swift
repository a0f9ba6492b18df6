/// A text of a localized alert: a key to look up in the app's catalog (`loc-key`,
/// `title-loc-key`, `subtitle-loc-key`) and the arguments for the placeholders of what it
/// finds (`loc-args`, …), as Apple's `Localizable.strings` format strings take them.
///
/// ```json
/// {"aps": {"alert": {"title-loc-key": "NEW_MESSAGE_FROM", "title-loc-args": ["Anna"],
///                    "loc-key": "%1$@ invited you to %2$@", "loc-args": ["Anna", "Lunch"]}}}
/// ```
public struct LocalizedText: Sendable, Hashable {
    /// The catalog's key (a gettext `msgid`); also the format shown when the catalog has no translation.
    public var key: String
    /// The texts for the format's placeholders, in order.
    public var arguments: [String]

    public init(key: String, arguments: [String] = []) {
        self.key = key
        self.arguments = arguments
    }

    /// What is shown: `translation` (the catalog's text for ``key``; nil when it has none) with
    /// the arguments in its placeholders; without a translation, `fallback` as it is when it is not
    /// empty (the plain `title`, `subtitle` or `body` sent beside the key), else the key itself as
    /// the format, as Apple shows a key its strings file lacks.
    public func text(translation: String?, fallback: String = "") -> String {
        if let translation { return Self.format(translation, arguments) }
        return fallback.isEmpty ? Self.format(key, arguments) : fallback
    }

    /// `format` with `arguments` in its placeholders, in one pass (an argument's own `%` is not
    /// read again): `%@` takes the next argument and `%1$@`, `%2$@` … the one numbered; `%s` and
    /// `%1$s` are read the same, as a gettext catalog's translators write them; `%%` is `%`. A
    /// placeholder with no argument to take stays as it is written, and every other `%` is kept;
    /// arguments left over are not shown.
    public static func format(_ format: String, _ arguments: [String]) -> String {
        var result = ""
        var next = 0
        var rest = Substring(format)
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            let after = rest.index(after: percent)
            switch placeholder(rest[after...], next: &next) {
            case .percent(let end):
                result += "%"
                rest = rest[end...]
            case .argument(let index, let end) where index < arguments.count:
                result += arguments[index]
                rest = rest[end...]
            case .argument(_, let end):
                result += rest[percent..<end]
                rest = rest[end...]
            case .none:
                result += "%"
                rest = rest[after...]
            }
        }
        return result + rest
    }

    /// What follows a `%`.
    private enum Placeholder {
        /// `%%`, ending at `end`.
        case percent(end: Substring.Index)
        /// A placeholder taking argument `index` (from 0), ending at `end`.
        case argument(Int, end: Substring.Index)
    }

    /// The placeholder `text` starts with (what follows a `%`); nil when it is none. Unnumbered
    /// placeholders take argument `next`, which moves on.
    private static func placeholder(_ text: Substring, next: inout Int) -> Placeholder? {
        guard let first = text.first else { return nil }
        let second = text.index(after: text.startIndex)
        if first == "%" { return .percent(end: second) }
        if first == "@" || first == "s" {
            defer { next += 1 }
            return .argument(next, end: second)
        }
        // `%n$@`: 1 to 4 digits (no catalog has ten thousand arguments), `$`, then `@` or `s`.
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard (1...4).contains(digits.count), let number = Int(digits), number >= 1 else { return nil }
        let dollar = digits.endIndex
        guard dollar < text.endIndex, text[dollar] == "$" else { return nil }
        let specifier = text.index(after: dollar)
        guard specifier < text.endIndex, text[specifier] == "@" || text[specifier] == "s" else { return nil }
        return .argument(number - 1, end: text.index(after: specifier))
    }
}

/// An alert's texts to look up in the app's catalog: `title-loc-key`, `subtitle-loc-key` and
/// `loc-key`, each with its arguments, in place of `title`, `subtitle` and `body`.
public struct LocalizedAlert: Sendable, Hashable {
    public var title, subtitle, body: LocalizedText?

    public init(title: LocalizedText? = nil, subtitle: LocalizedText? = nil, body: LocalizedText? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.body = body
    }

    /// `content` with each localized text in place of its field: the translation `translate`
    /// finds for its key, else the field as given, else the key (see ``LocalizedText/text(translation:fallback:)``).
    public func applied(to content: NotificationContent, translate: (String) -> String?) -> NotificationContent {
        var content = content
        if let title { content.title = title.text(translation: translate(title.key), fallback: content.title) }
        if let subtitle { content.subtitle = subtitle.text(translation: translate(subtitle.key), fallback: content.subtitle) }
        if let body { content.body = body.text(translation: translate(body.key), fallback: content.body) }
        return content
    }

    /// The payload key a content field's text came from when it was localized (`title` → `title-loc-key`).
    func sourceKey(of field: String) -> String? {
        switch field {
        case "title" where title != nil: "title-loc-key"
        case "subtitle" where subtitle != nil: "subtitle-loc-key"
        case "body" where body != nil: "loc-key"
        default: nil
        }
    }

    /// The text `key` and `arguments` of the alert object `c` (at `path`) give; nil without the key.
    /// A key must be a non-empty string and its arguments an array of strings; arguments without
    /// their key are refused.
    static func text<Key: CodingKey>(
        _ c: KeyedDecodingContainer<Key>, _ key: Key, _ arguments: Key, at path: [PathComponent]
    ) throws -> LocalizedText? {
        let given = try c.decodeIfPresent(JSONValue.self, forKey: arguments) ?? .null
        var texts: [String] = []
        switch given {
        case .null: break
        case .array(let values):
            for (index, value) in values.enumerated() {
                guard case .string(let text) = value else {
                    throw ModelError(.invalidJSON, at: path + [.key(arguments.stringValue), .index(index)],
                                     "expected a string (every argument of '\(key.stringValue)' is text)")
                }
                texts.append(text)
            }
        default:
            throw ModelError(.invalidJSON, at: path + [.key(arguments.stringValue)],
                             #"expected an array of strings, the texts for the placeholders of '\#(key.stringValue)' (e.g. ["Anna"])"#)
        }
        switch try c.decodeIfPresent(JSONValue.self, forKey: key) ?? .null {
        case .null:
            guard case .null = given else {
                throw ModelError(.invalidRequest, at: path + [.key(arguments.stringValue)],
                                 "is given without '\(key.stringValue)', the key of the text they go into; add it, or leave them out")
            }
            return nil
        case .string(let name) where !name.isEmpty:
            return LocalizedText(key: name, arguments: texts)
        case .string:
            throw ModelError(.invalidRequest, at: path + [.key(key.stringValue)], "is empty; give the key of the text in the app's catalog")
        default:
            throw ModelError(.invalidJSON, at: path + [.key(key.stringValue)], "expected a string, the key of the text in the app's catalog")
        }
    }
}
