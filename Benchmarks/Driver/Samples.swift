/// Order statistics of a set of measurements.
struct Samples: Sendable {
    let sorted: [Double]

    init(_ values: some Sequence<Double>) {
        sorted = values.sorted()
        precondition(!sorted.isEmpty, "no samples")
    }

    var median: Double { percentile(50) }

    /// The nearest-rank `p`th percentile.
    func percentile(_ p: Double) -> Double {
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
