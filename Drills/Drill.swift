/// One drill: starts the parts it needs, breaks something, and reports what happened.
struct Drill: Sendable {
    /// `D1` … `D7`.
    let id: String
    /// What it breaks, e.g. `server restart`.
    let title: String
    let run: @Sendable (Scale) async throws -> Outcome

    /// Every drill, in order.
    static let all: [Drill] = [.serverRestart, .daemonCrash, .crashDuringWrites, .handlerFaults, .flood, .busFuzz, .fleet]
}

/// How big a drill runs: `full` as the issue states it (make drills), `short` for CI.
enum Scale: Sendable {
    case full, short

    /// `full` or `short`, as this scale says.
    func pick<T>(_ full: T, short: T) -> T { self == .full ? full : short }
}

/// A drill's figures and whether each goal was met.
struct Outcome: Sendable {
    /// The figures, as printed.
    var figures: String
    /// Each goal, as a short phrase, and whether it was met.
    var goals: [(String, Bool)]

    init(_ figures: String, goals: [(String, Bool)]) {
        self.figures = figures
        self.goals = goals
    }

    var passed: Bool { goals.allSatisfy(\.1) }

    /// The figures, and the goals missed, if any.
    var line: String {
        let missed = goals.filter { !$0.1 }.map(\.0)
        return missed.isEmpty ? figures : "\(figures) — MISSED: \(missed.joined(separator: "; "))"
    }
}
