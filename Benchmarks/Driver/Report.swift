import Foundation

/// The run's figures as a table for people and as `bench-results.json` for tools.
enum Report {
    /// Columns: measure, ours, baseline, ratio, budget, within budget; notes below.
    static func table(_ figures: [Figure]) -> String {
        let header = ["", "measure", "ours", "baseline", "ratio", "budget", "within"]
        let rows = figures.map { f in
            [f.key, f.measure, f.failure == nil ? "\(f.ours.formatted) \(f.unit)" : "failed", f.baseline.map { "\($0.formatted) \(f.unit)" } ?? "—",
             f.ratio.map(\.formatted) ?? "—", (f.baseline == nil ? "" : "ratio ") + f.budget.description + (f.baseline == nil ? " \(f.unit)" : ""),
             f.within ? "yes" : "NO"]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max()! }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: " | ")
        }
        var lines = [line(header), widths.map { String(repeating: "-", count: $0) }.joined(separator: "-|-")]
        lines += rows.map(line)
        lines += figures.compactMap { f in f.note.map { "\(f.key): \($0)" } }
        return lines.joined(separator: "\n")
    }

    /// `{"P1": {"ours": …, "baseline": …, "ratio": …, "unit": …, "budget": …, "within": …}, …}`.
    static func json(_ figures: [Figure]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(Dictionary(uniqueKeysWithValues: figures.map { ($0.key, $0) }))
    }
}
