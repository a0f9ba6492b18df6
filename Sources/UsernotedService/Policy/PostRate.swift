import EventLoop
import Synchronization
import UserNotificationsCore

/// How fast each app may post: a token bucket per app that holds one second's worth
/// (`perSecond`) and refills continuously. Arithmetic on a monotonic clock; no timers.
struct PostRate {
    /// Posts per second, and the largest burst.
    let perSecond: Int
    private var buckets: [AppID: TokenBucket] = [:]
    /// Where the buckets' clock starts: they count nanoseconds since.
    private let origin = ContinuousClock.now

    init(perSecond: Int) { self.perSecond = perSecond }

    /// Takes one post's token for `app` at `now`; false when the app is over its rate.
    mutating func take(for app: AppID, at now: ContinuousClock.Instant = .now) -> Bool {
        let (now, full) = (nanoseconds(now), perSecond)
        return buckets[app, default: TokenBucket(capacity: full, perSecond: full, at: now)].take(at: now)
    }

    /// Whether a post of `app` at `now` would be refused; takes nothing.
    func refuses(_ app: AppID, at now: ContinuousClock.Instant = .now) -> Bool {
        (buckets[app]?.tokens(at: nanoseconds(now)) ?? Double(perSecond)) < 1
    }

    /// `instant` on the buckets' clock (0 before it starts).
    private func nanoseconds(_ instant: ContinuousClock.Instant) -> UInt64 {
        let (seconds, attoseconds) = (instant - origin).components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        return UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
    }
}

/// The post rate shared by the Center, which takes a token for each post, and the admission of
/// the daemon's connection, which refuses a `Post` of an app over its rate as it is read (see
/// `CallAdmission`), so that a flood's refusals cost almost nothing.
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
