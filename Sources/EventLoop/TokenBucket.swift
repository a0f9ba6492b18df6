/// A token bucket: holds up to `capacity` tokens and refills at `perSecond`, continuously.
/// Arithmetic over a monotonic clock in nanoseconds (``LoopThread/now()``'s, or any other that
/// does not go back); no timers. Full when made.
public struct TokenBucket: Sendable, Hashable {
    /// The most tokens it holds: the largest burst.
    public let capacity: Double
    /// Tokens added a second.
    public let perSecond: Double
    /// The tokens it held at `at`.
    public private(set) var tokens: Double
    /// When `tokens` was counted, in nanoseconds.
    public private(set) var at: UInt64

    /// A full bucket at `now`.
    public init(capacity: Int, perSecond: Int, at now: UInt64) {
        self.capacity = Double(capacity)
        self.perSecond = Double(perSecond)
        tokens = Double(capacity)
        at = now
    }

    /// The tokens it holds at `now`: those it held, refilled since, up to `capacity` (none
    /// refilled for a `now` before the last count).
    public func tokens(at now: UInt64) -> Double {
        let elapsed = Double(now > at ? now - at : 0) / 1e9
        return min(capacity, tokens + elapsed * perSecond)
    }

    /// Whether it is full again at `now`.
    public func isFull(at now: UInt64) -> Bool { tokens(at: now) >= capacity }

    /// Counts the tokens as of `now`.
    public mutating func refill(at now: UInt64) {
        tokens = tokens(at: now)
        at = now
    }

    /// Takes a token of those counted (as of ``at``); false when there is no whole one.
    public mutating func take() -> Bool {
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }

    /// Counts the tokens as of `now` and takes one; false when there is no whole one.
    public mutating func take(at now: UInt64) -> Bool {
        refill(at: now)
        return take()
    }

    /// When it next holds a whole token: ``at`` when it holds one already; `UInt64.max` when
    /// it never refills.
    public var nextToken: UInt64 {
        guard tokens < 1 else { return at }
        guard perSecond > 0 else { return .max }
        return at.addingSaturated(UInt64((1 - tokens) * 1e9 / perSecond))
    }
}
