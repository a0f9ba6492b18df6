import EventLoop
import UserNotificationsCore

/// How far one app's handler has taken its outbox: the responses recorded and those still being
/// committed, the one recorded to go out at once (fresh), the one a drain has out, and whether
/// the outbox is known to be empty. It is independent of the ``Delivery``'s phase, kept beside
/// it: responses are recorded and committed in every phase (during a backoff, while the handler
/// is away, while the session is locked), and what a drain took outlives the drain: a fresh
/// response that failed is still out through the backoff, so that one recorded meanwhile does
/// not overtake it, and an outbox read empty stays known empty while the delivery rests. The
/// values do no I/O.
struct OutboxLine {
    /// A response in the outbox: its place in line (known once its insert is committed), and
    /// its JSON when at hand.
    struct Outgoing {
        let seq: Future<Int64>
        let response: NotificationResponse
        let json: String?
    }

    /// What a drain delivers next, as far as known without reading the store.
    enum Next {
        /// The response recorded to go out at once (taken once).
        case fresh(Outgoing)
        /// Nothing: the outbox is known to be empty.
        case none
        /// The store's oldest, if any.
        case fromStore
    }

    /// Whether the outbox holds nothing for this app: the last drain found it empty, and no
    /// response was recorded since. Unknown (false) at start.
    private(set) var knownEmpty = false
    /// Responses recorded so far, and those of them whose insert is not committed yet: a
    /// drain's empty read proves the outbox empty only when every recorded response was
    /// committed before it began and none came while it ran.
    private var recordedCount = 0
    private var uncommitted = 0
    /// A response recorded when nothing older waited (the outbox was empty, or held only the
    /// response a drain has out): a drain takes it from here, while its insert is still being
    /// committed; `place` is its place in the count of recorded responses.
    private var fresh: (outgoing: Outgoing, place: Int)?
    /// The place of the fresh response a drain has out, until the handler acknowledges it.
    private var outPlace: Int?
    /// The last place a drain took as fresh: a fresh response it did not take (dropped behind
    /// one that failed) is in the store, and its recorder starts a drain once it is committed.
    private var takenThrough = 0

    /// A response is being added to the outbox. Returns its place when it goes out at once
    /// (a drain takes it as ``Next/fresh(_:)``, without waiting for its commit): nothing older
    /// waits, no other fresh one is waiting, and the delivery's phase lets it (`mayGoAtOnce`).
    /// Nil: the store has it, behind the rest.
    mutating func recorded(_ outgoing: Outgoing, mayGoAtOnce: Bool) -> Int? {
        recordedCount += 1
        uncommitted += 1
        defer { knownEmpty = false }
        let nothingOlder = knownEmpty || (outPlace != nil && outPlace == recordedCount - 1)
        guard nothingOlder, fresh == nil, mayGoAtOnce else { return nil }
        fresh = (outgoing, recordedCount)
        return recordedCount
    }

    /// Whether a drain took the fresh response recorded at `place` (never, for nil: one
    /// recorded to the store), rather than reading it from the store.
    func took(_ place: Int?) -> Bool { place.map { takenThrough >= $0 } ?? false }

    /// What the drain delivers next: the fresh response unless one before it is out and
    /// was not acknowledged (then it waits in the store behind that one), else nothing when
    /// the outbox is known to be empty, else whatever the store has.
    mutating func next() -> Next {
        defer { fresh = nil }
        if let (taken, place) = fresh, outPlace == nil {
            outPlace = place
            takenThrough = place
            return .fresh(taken)
        }
        outPlace = nil
        return knownEmpty ? .none : .fromStore
    }

    /// The handler acknowledged the drain's response (and its removal is committed): when it
    /// was the fresh one and none was recorded after it, the outbox is empty.
    mutating func acknowledged() {
        if outPlace == recordedCount { knownEmpty = true }
        outPlace = nil
    }

    /// A recorded response's insert was committed (or failed).
    mutating func committed() { uncommitted -= 1 }

    /// Taken as a drain starts reading the store: what ``drained(emptySince:)`` needs to know
    /// the read saw every recorded response (nil: one is still being committed).
    var readMark: Int? { uncommitted == 0 ? recordedCount : nil }

    /// A drain ended, having read no response from the store since `mark` (its ``readMark``),
    /// or (nil) having stopped on an error it logged.
    mutating func drained(emptySince mark: Int?) {
        // Known empty stays so (an error ends a drain only while something is in the outbox).
        knownEmpty = knownEmpty || (mark != nil && mark == recordedCount)
    }
}
