/// Durations measured in a drill, and the figures made of them.
struct Latencies: Sendable {
    private(set) var samples: [Duration] = []

    mutating func add(_ sample: Duration) { samples.append(sample) }

    /// The `p`-th percentile (0…100), nearest rank; zero without samples.
    func percentile(_ p: Double) -> Duration {
        guard !samples.isEmpty else { return .zero }
        let sorted = samples.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
    }

    var max: Duration { samples.max() ?? .zero }
}

extension Duration {
    /// Milliseconds, for figures.
    var milliseconds: Double { Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15 }

    /// `12.3 ms`.
    var ms: String { milliseconds < 10 ? "\((milliseconds * 10).rounded() / 10) ms" : "\(Int(milliseconds.rounded())) ms" }
}
