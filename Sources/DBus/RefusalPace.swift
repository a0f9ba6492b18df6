import EventLoop

/// Refusals let out at a steady pace, a line per sender: a token bucket each, `burst` at once
/// and then `perSecond`; what comes faster waits its turn, in its sender's order, as long as
/// fewer than `capacity` wait in all (past it, an answer goes at once).
///
/// A flood refused as fast as it is sent is sent again as fast: each of its calls and each
/// refusal crosses the bus, which every other app's calls share, and waits in the daemon's
/// one socket ahead of theirs. Held back here (a few hundred bytes each), a flooder's
/// refusals come at the pace, and a flooder that keeps a fixed number of calls in flight
/// sends no faster than that. Anyone refused now and then is answered at once.
struct RefusalPace<Answer> {
    /// Answers a sender gets at once before the pace applies.
    let burst: Int
    /// Answers a second a sender gets once its burst is spent.
    let perSecond: Int
    /// The most answers held at once, of all senders: past it an answer goes at once.
    let capacity: Int
    /// The shortest time between two releases: a tick lets out what came due meanwhile.
    static var tick: UInt64 { 10_000_000 }

    private var lines: [String: Line] = [:]
    /// How many answers are held, of all senders.
    private(set) var heldCount = 0
    /// How many lines there were when idle ones were last forgotten.
    private var linesAfterForgetting = 0

    /// A sender's bucket and its answers waiting.
    private struct Line {
        var bucket: TokenBucket
        var held = FIFO<Answer>()
    }

    init(burst: Int, perSecond: Int, capacity: Int) {
        self.burst = max(burst, 1)
        self.perSecond = max(perSecond, 1)
        self.capacity = capacity
    }

    /// Takes `answer` for `sender` at `now` (``EventLoop/LoopThread/now()``): returns it when it may go
    /// at once; nil when it is held (``due(at:)`` lets it out).
    mutating func admit(_ answer: Answer, from sender: String, at now: UInt64) -> Answer? {
        if lines.count > max(1024, 2 * linesAfterForgetting) { forgetIdle(at: now) }
        // Taken out while it changes, so that its queue is not copied (it is the only reference).
        var line = lines.removeValue(forKey: sender) ?? Line(bucket: TokenBucket(capacity: burst, perSecond: perSecond, at: now))
        line.bucket.refill(at: now)
        defer { lines[sender] = line }
        if line.held.isEmpty, line.bucket.take() { return answer }
        guard heldCount < capacity else { return answer }
        line.held.append(answer)
        heldCount += 1
        return nil
    }

    /// The held answers whose turn has come by `now`, each sender's in order.
    mutating func due(at now: UInt64) -> [Answer] {
        var released: [Answer] = []
        for sender in lines.compactMap({ $0.value.held.isEmpty ? nil : $0.key }) {
            guard var line = lines.removeValue(forKey: sender) else { continue }
            line.bucket.refill(at: now)
            while line.bucket.tokens >= 1, let answer = line.held.popFirst() {
                _ = line.bucket.take()
                released.append(answer)
            }
            lines[sender] = line
        }
        heldCount -= released.count
        return released
    }

    /// When the next held answer's turn comes (not before a ``tick`` after `now`); nil when
    /// none is held.
    func nextDue(after now: UInt64) -> UInt64? {
        let earliest = lines.values.lazy.filter { !$0.held.isEmpty }.map(\.bucket.nextToken).min()
        return earliest.map { max($0, now + Self.tick) }
    }

    /// Empties every line; returns what was held, to be disposed of.
    mutating func removeAll() -> [Answer] {
        var all: [Answer] = []
        for var line in lines.values { while let answer = line.held.popFirst() { all.append(answer) } }
        lines = [:]
        heldCount = 0
        return all
    }

    /// Forgets the senders with nothing held whose bucket is full again: a new line is the same.
    private mutating func forgetIdle(at now: UInt64) {
        lines = lines.filter { _, line in !line.held.isEmpty || !line.bucket.isFull(at: now) }
        linesAfterForgetting = lines.count
    }
}
