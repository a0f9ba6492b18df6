import UserNotificationsCore

/// How commands print what they got: text for people, or JSON with `--json`.
enum Output {
    /// A request id: the id alone, or `{"identifier":"…"}`.
    static func requestID(_ id: String, json: Bool) {
        StandardStreams.printFlushed(json ? ModelJSON.encode(JSONValue.object(["identifier": .string(id)])) : id)
    }

    /// Rows as aligned columns (two spaces apart; the last column is not padded).
    static func table(_ rows: [[String]]) {
        guard let columns = rows.map(\.count).max() else { return }
        let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        for row in rows {
            let cells = row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }
            StandardStreams.printFlushed(cells.joined(separator: "  "))
        }
    }

    /// `text` on one line: newlines become spaces.
    static func oneLine(_ text: String) -> String {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// Seconds as `schedule` reads them: `1h30m`, `2s`, `1d`; fractions as plain seconds (`2.5s`).
    static func duration(_ seconds: Double) -> String {
        guard seconds == seconds.rounded(), seconds >= 1, seconds < 1e15 else { return "\(seconds)s" }
        var rest = Int(seconds)
        var text = ""
        for (unit, size) in [("d", 86400), ("h", 3600), ("m", 60), ("s", 1)] where rest >= size {
            text += "\(rest / size)\(unit)"
            rest %= size
        }
        return text
    }
}
