/// Single-flight: at most one run of a job at a time, and the requests that come while it
/// runs coalesce into one more run right after it, so every request is followed by a run
/// that starts after it, and no two runs overlap.
///
/// A value, kept with the state the job works on: an actor's property or dictionary entry
/// (driven by ``run(in:_:)``), or a field under a lock for a job that ends in a callback
/// (driven by ``request()`` and ``runFinished()`` directly).
public struct SingleFlight: Sendable, Hashable {
    /// Where the flight is.
    public enum Phase: Sendable, Hashable {
        /// No run under way.
        case idle
        /// A run is under way, and nothing asked for another since it started.
        case running
        /// A run is under way, and another was asked for since it started: it follows at once.
        case rerunRequested
    }

    public private(set) var phase: Phase = .idle

    public init() {}

    /// Whether a run is under way.
    public var isRunning: Bool { phase != .idle }

    /// Asks for a run. Returns true when none is under way: the caller starts one now.
    /// Returns false when one is: it runs once more after it (however many ask meanwhile).
    public mutating func request() -> Bool {
        switch phase {
        case .idle:
            phase = .running
            return true
        case .running, .rerunRequested:
            phase = .rerunRequested
            return false
        }
    }

    /// A run ended. Returns true when another was asked for meanwhile: the caller runs again
    /// now. Returns false when not: the flight is idle.
    public mutating func runFinished() -> Bool {
        switch phase {
        case .rerunRequested:
            phase = .running
            return true
        case .running, .idle:
            phase = .idle
            return false
        }
    }
}

extension SingleFlight {
    /// Where a flight is kept: applies a transition to it in place and returns its answer
    /// (for a property, `{ $0(&flight) }`). A closure because an actor's state cannot be
    /// lent `inout` across the suspensions of a run.
    public typealias Place = (_ transition: (inout SingleFlight) -> Bool) -> Bool

    /// Runs `body` unless a run of the flight kept `in` that place is under way, and again
    /// for as long as runs were asked for while it ran; returns true then. Returns false at
    /// once when a run was under way: that run runs again instead. On the caller's actor.
    @discardableResult
    public static func run(
        isolation: isolated (any Actor)? = #isolation, in flight: Place, _ body: () async -> Void
    ) async -> Bool {
        guard flight({ $0.request() }) else { return false }
        repeat { await body() } while flight({ $0.runFinished() })
        return true
    }
}
