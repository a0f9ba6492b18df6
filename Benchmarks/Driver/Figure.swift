import Foundation

/// One figure of the benchmark run: what we measured, against what, and whether it is
/// within DESIGN §7's budget.
struct Figure: Sendable, Encodable {
    /// `P1`, `P5-rss` …
    var key: String
    /// What it measures, for the table.
    var measure: String
    var ours: Double
    /// The baseline taken in the same run, where the budget is a ratio.
    var baseline: Double?
    var unit: String
    var budget: Budget
    /// Extra context printed under the table (per-thread wakeups, p99 …).
    var note: String?
    /// Why the measure could not be taken; then `ours` means nothing.
    var failure: String?

    /// A figure whose measure failed.
    static func failed(_ key: String, _ measure: String, _ why: String) -> Figure {
        Figure(key: key, measure: measure, ours: .nan, unit: "", budget: .atMost(0), note: "FAILED: \(why)", failure: why)
    }

    /// ours ÷ baseline, where there is a baseline.
    var ratio: Double? { baseline.map { $0 == 0 ? .infinity : ours / $0 } }

    /// Whether the budget holds: on the ratio where there is a baseline, else on `ours`.
    var within: Bool { failure == nil && budget.holds(for: ratio ?? ours) }

    enum CodingKeys: String, CodingKey { case ours, baseline, ratio, unit, budget, within, error }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(failure, forKey: .error)
        if failure == nil { try c.encode(ours.rounded(significantDigits: 6), forKey: .ours) }
        try c.encodeIfPresent(baseline?.rounded(significantDigits: 6), forKey: .baseline)
        try c.encodeIfPresent(ratio?.rounded(significantDigits: 4), forKey: .ratio)
        try c.encode(unit, forKey: .unit)
        try c.encode(budget.description, forKey: .budget)
        try c.encode(within, forKey: .within)
    }
}

/// A budget: a bound on a ratio (or on an absolute figure where there is no baseline).
enum Budget: Sendable, CustomStringConvertible {
    case atMost(Double)
    case atLeast(Double)

    func holds(for value: Double) -> Bool {
        switch self {
        case .atMost(let bound): value <= bound
        case .atLeast(let bound): value >= bound
        }
    }

    var description: String {
        switch self {
        case .atMost(let bound): "<= \(bound.formatted)"
        case .atLeast(let bound): ">= \(bound.formatted)"
        }
    }
}

extension Double {
    /// The value with at most `digits` significant digits (JSON stays readable).
    func rounded(significantDigits digits: Int) -> Double {
        guard isFinite, self != 0 else { return self }
        let scale = pow(10, Double(digits - 1) - floor(log10(Swift.abs(self))))
        return (self * scale).rounded() / scale
    }

    /// Short human form: whole numbers as they are, others with 4 significant digits.
    var formatted: String {
        guard isFinite else { return "\(self)" }
        if self == rounded(), Swift.abs(self) < 1e15 { return String(Int64(self)) }
        return String(format: "%.4g", self)
    }
}
