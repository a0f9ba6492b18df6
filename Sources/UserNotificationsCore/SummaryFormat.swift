/// The text that stands for several notifications of a thread (a stack): a category's
/// `categorySummaryFormat` filled in with how many they are (`%u`, also `%d`) and whom they are
/// about (`%@`, the members' `summaryArgument`s); `%%` is a percent sign, and positional forms
/// (`%1$u`, `%2$@`) read as the plain ones. A format without `%@` gets the argument in front
/// ("Anna: 3 more messages"); the empty format is ``defaultFormat``, said in the singular for
/// one, as is a format with `%@` when no argument is given.
public enum SummaryFormat {
    /// The format of a category that has none.
    public static let defaultFormat = "%u more notifications"

    /// `format` (``defaultFormat`` when empty) for `count` items about `argument` (`""`: none said).
    public static func render(_ format: String, count: Int, argument: String) -> String {
        var text = ""
        if format.isEmpty || (argument.isEmpty && pieces(of: format).contains(.argument)) {
            text = count == 1 ? "1 more notification" : "\(count) more notifications"
        } else {
            for piece in pieces(of: format) {
                switch piece {
                case .text(let literal): text += literal
                case .count: text += String(count)
                case .argument: text += argument
                case .invalid(let spec): text += spec
                }
            }
        }
        guard !argument.isEmpty, !pieces(of: format).contains(.argument) else { return text }
        return argument + ": " + text
    }

    /// What is wrong with `format`, nil when it can be rendered.
    public static func problem(in format: String) -> String? {
        for case .invalid(let spec) in pieces(of: format) {
            let shown = spec == "%" ? "a '%' at the end" : "'\(spec)'"
            return "has \(shown); use %u for the count, %@ for the summary argument, %% for a percent sign"
        }
        return nil
    }

    /// The argument of several notifications: their distinct non-empty `summaryArgument`s in
    /// the order given, joined with ", ".
    public static func argument(of contents: [NotificationContent]) -> String {
        var seen: [String] = []
        for content in contents where !content.summaryArgument.isEmpty && !seen.contains(content.summaryArgument) {
            seen.append(content.summaryArgument)
        }
        return seen.joined(separator: ", ")
    }

    /// A part of a format.
    private enum Piece: Equatable {
        case text(String), count, argument
        /// A `%` that begins no known conversion, as written.
        case invalid(String)
    }

    /// `format` cut into text and conversions.
    private static func pieces(of format: String) -> [Piece] {
        var pieces: [Piece] = []
        var rest = Substring(format)
        while let percent = rest.firstIndex(of: "%") {
            if percent > rest.startIndex { pieces.append(.text(String(rest[..<percent]))) }
            var spec = rest[rest.index(after: percent)...]
            let position = spec.prefix { $0.isASCII && $0.isNumber }
            if !position.isEmpty, spec.dropFirst(position.count).first == "$" { spec = spec.dropFirst(position.count + 1) }
            switch spec.first {
            case "u", "d": pieces.append(.count)
            case "@": pieces.append(.argument)
            case "%": pieces.append(.text("%"))
            default:
                pieces.append(.invalid(String(rest[percent..<(spec.first.map { _ in spec.index(after: spec.startIndex) } ?? spec.endIndex)])))
            }
            rest = spec.isEmpty ? spec : spec[spec.index(after: spec.startIndex)...]
        }
        if !rest.isEmpty { pieces.append(.text(String(rest))) }
        return pieces
    }
}
