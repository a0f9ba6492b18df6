import UserNotificationsCore

/// How fast each app may post: a token bucket per app that holds one second's worth
/// (`perSecond`) and refills continuously. Arithmetic on a monotonic clock; no timers.
struct PostRate {
    /// Posts per second, and the largest burst.
    let perSecond: Int
    private var buckets: [AppID: (tokens: Double, at: ContinuousClock.Instant)] = [:]

    init(perSecond: Int) { self.perSecond = perSecond }

    /// Takes one post's token for `app` at `now`; false when the app is over its rate.
    mutating func take(for app: AppID, at now: ContinuousClock.Instant = .now) -> Bool {
        let capacity = Double(perSecond)
        var (tokens, then) = buckets[app] ?? (capacity, now)
        let elapsed = now - then
        tokens = min(capacity, tokens + capacity * (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18))
        guard tokens >= 1 else {
            buckets[app] = (tokens, now)
            return false
        }
        buckets[app] = (tokens - 1, now)
        return true
    }
}
