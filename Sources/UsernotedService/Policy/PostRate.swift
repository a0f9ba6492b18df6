import Synchronization
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
        let tokens = tokens(of: app, at: now)
        guard tokens >= 1 else {
            buckets[app] = (tokens, now)
            return false
        }
        buckets[app] = (tokens - 1, now)
        return true
    }

    /// Whether a post of `app` at `now` would be refused; takes nothing.
    func refuses(_ app: AppID, at now: ContinuousClock.Instant = .now) -> Bool { tokens(of: app, at: now) < 1 }

    /// The tokens `app` has at `now`, refilled since it last posted.
    private func tokens(of app: AppID, at now: ContinuousClock.Instant) -> Double {
        let capacity = Double(perSecond)
        guard let (tokens, then) = buckets[app] else { return capacity }
        let elapsed = now - then
        return min(capacity, tokens + capacity * (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18))
    }
}

/// The post rate shared by the Center, which takes a token for each post, and the screen of
/// the daemon's connection, which refuses a `Post` of an app over its rate as it is read (see
/// `Connection.screenCalls`), so that a flood's refusals cost almost nothing.
final class SharedPostRate: Sendable {
    private let rate: Mutex<PostRate>

    init(perSecond: Int) { rate = Mutex(PostRate(perSecond: perSecond)) }

    /// Posts per second, and the largest burst.
    var perSecond: Int { rate.withLock { $0.perSecond } }

    /// Takes one post's token for `app`; false when the app is over its rate.
    func take(for app: AppID) -> Bool { rate.withLock { $0.take(for: app) } }

    /// Whether a post of `app` now would be refused; takes nothing.
    func refuses(_ app: AppID) -> Bool { rate.withLock { $0.refuses(app) } }

    /// Starts afresh at `perSecond`.
    func reset(perSecond: Int) { rate.withLock { $0 = PostRate(perSecond: perSecond) } }
}
