/// How much each measure does: the full run (`make bench`) or a smoke run (`make bench-smoke`)
/// that only shows every measure still works.
struct Scale: Sendable {
    /// Synchronous calls for P1 (split into rounds that alternate ours and the baseline).
    var latencyCalls: Int
    /// Calls for each throughput run of P2, and how many are in flight.
    var throughputCalls: Int
    var window: Int
    /// Posts counted by callgrind for P2-instructions.
    var instructionPosts: Int
    /// Alternating rounds of P1 and P2.
    var rounds: Int
    /// Actions timed for P3, and pings for its baseline.
    var actions: Int
    var pings: Int
    /// Runs of each process for P4 and P7.
    var processRuns: Int
    /// Pending requests for P5, and how long the idle daemon is watched.
    var idlePending: Int
    var idleSeconds: Double
    /// Pending requests for P6 (far in the future), triggers due soon among them, and the
    /// seconds over which those fall due.
    var scalePending: Int
    var dueSoon: Int
    var dueWithinSeconds: Int
    /// Restarts timed for P6.
    var restarts: Int
    /// Whether the peer rows fail when xdg-desktop-portal is missing (else they are skipped
    /// with the reason printed).
    var requiresPeers: Bool

    static let full = Scale(
        latencyCalls: 2000, throughputCalls: 5000, window: 64, instructionPosts: 1000, rounds: 4, actions: 300, pings: 2000, processRuns: 30,
        idlePending: 10_000, idleSeconds: 60, scalePending: 100_000, dueSoon: 1000, dueWithinSeconds: 10, restarts: 3,
        requiresPeers: true)

    static let smoke = Scale(
        latencyCalls: 20, throughputCalls: 50, window: 8, instructionPosts: 20, rounds: 2, actions: 5, pings: 20, processRuns: 2,
        idlePending: 100, idleSeconds: 1, scalePending: 500, dueSoon: 20, dueWithinSeconds: 1, restarts: 1,
        requiresPeers: false)
}
