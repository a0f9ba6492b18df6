import EventLoop
import UserNotificationsCore

/// One app's delivery of its outbox to its handler: the phase it is in, and how far the
/// handler has taken the outbox. The ``Router`` keeps one per app and drives it through the
/// transitions below; the values do no I/O.
struct Delivery {
    /// Where the delivery is. Every phase but ``flushing`` says why the outbox is not being
    /// drained; a drain may start from any of them but ``backingOff`` (``drainStarted()``).
    enum Phase: Hashable {
        /// Nothing under way: the last drain emptied the outbox, or stopped on an error it logged.
        case idle
        /// A drain is delivering the outbox in order.
        case flushing
        /// The handler failed; the outbox waits for `retry`, the backoff timer.
        case backingOff(retry: Task<Void, Never>)
        /// Nobody is on the bus to take the response; the outbox waits for the handler's (or
        /// the app's) name to get an owner.
        case awaitingHandler
        /// The oldest response is to an `authenticationRequired` action and the session is
        /// locked; the outbox waits for unlock.
        case heldUntilUnlock
    }

    /// A response in the outbox: its place in line (known once its insert is committed), and
    /// its JSON when at hand.
    struct Outgoing {
        let seq: Future<Int64>
        let response: NotificationResponse
        let json: String?
    }

    private(set) var phase = Phase.idle
    /// The drains of this outbox: one at a time, and one more right after when asked meanwhile.
    var flushes = SingleFlight()
    /// Failed attempts in a row at the oldest response: the backoff grows with them.
    private(set) var failures = 0
    /// The handler's name got a new owner while a drain was under way: the next failure is
    /// the old process's, so the new one is tried at once instead of backing off. Cleared by
    /// the next delivery's outcome.
    private(set) var successorArrived = false
    /// Whether the outbox holds nothing for this app: the last drain found it empty, and no
    /// response was recorded since. Unknown (false) at start.
    private(set) var outboxEmpty = false
    /// Responses recorded so far, and those of them whose insert is not committed yet: a
    /// drain's empty read proves the outbox empty only when every recorded response was
    /// committed before it began and none came while it ran.
    private var recordedCount = 0
    private var uncommitted = 0
    /// A response recorded when nothing older waited (the outbox was empty, or held only the
    /// response a drain has out): a drain takes it from here, while its insert is still being
    /// committed; `freshPlace` is its place in the count of recorded responses.
    private var fresh: Outgoing?
    private var freshPlace = 0
    /// The place of the fresh response a drain has out, until the handler acknowledges it.
    private var outPlace: Int?
    /// The last place a drain took as fresh: a fresh response it did not take (dropped behind
    /// one that failed) is in the store, and its recorder starts a drain once it is committed.
    private var takenThrough = 0
    /// For an app without a handler: the watch on its app id, to deliver when it appears.
    var appNameWatch: Task<Void, Never>?

    /// A response is being added to the outbox. Returns its place when it goes out at once
    /// (a drain takes it as ``fresh``, without waiting for its commit): nothing older waits, no
    /// other fresh one is waiting, and delivery is not resting. Nil: the store has it, behind
    /// the rest.
    mutating func recorded(_ outgoing: Outgoing) -> Int? {
        recordedCount += 1
        uncommitted += 1
        defer { outboxEmpty = false }
        let nothingOlder = outboxEmpty || (outPlace != nil && outPlace == recordedCount - 1)
        guard nothingOlder, fresh == nil, phase == .idle || phase == .flushing else { return nil }
        fresh = outgoing
        freshPlace = recordedCount
        return recordedCount
    }

    /// Whether a drain took the fresh response recorded at `place` (never, for nil: one
    /// recorded to the store), rather than reading it from the store.
    func took(_ place: Int?) -> Bool { place.map { takenThrough >= $0 } ?? false }

    /// What a drain delivers next, as far as known without reading the store.
    enum Next {
        /// The response recorded to go out at once (taken once).
        case fresh(Outgoing)
        /// Nothing: the outbox is known to be empty.
        case none
        /// The store's oldest, if any.
        case fromStore
    }

    /// What the drain delivers next: the fresh response unless one before it is out and
    /// was not acknowledged (then it waits in the store behind that one), else nothing when
    /// the outbox is known to be empty, else whatever the store has.
    mutating func next() -> Next {
        defer { fresh = nil }
        if let taken = fresh, outPlace == nil {
            outPlace = freshPlace
            takenThrough = freshPlace
            return .fresh(taken)
        }
        outPlace = nil
        return outboxEmpty ? .none : .fromStore
    }

    /// The handler acknowledged the drain's response (and its removal is committed): when it
    /// was the fresh one and none was recorded after it, the outbox is empty.
    mutating func acknowledged() {
        if outPlace == recordedCount { outboxEmpty = true }
        outPlace = nil
    }

    /// A drain begins: true, the phase is ``Phase/flushing``; false while backing off, when
    /// only the retry timer (or a new handler) resumes delivery.
    mutating func drainStarted() -> Bool {
        if case .backingOff = phase { return false }
        phase = .flushing
        return true
    }

    /// A recorded response's insert was committed (or failed).
    mutating func committed() { uncommitted -= 1 }

    /// Taken as a drain starts reading the store: what ``drained(emptySince:)`` needs to know
    /// the read saw every recorded response (nil: one is still being committed).
    var readMark: Int? { uncommitted == 0 ? recordedCount : nil }

    /// The drain ended: having read no response from the store since `mark` (its
    /// ``readMark``), or (nil) having stopped on an error it logged.
    mutating func drained(emptySince mark: Int?) {
        phase = .idle
        // Known empty stays so (an error ends a drain only while something is in the outbox).
        outboxEmpty = outboxEmpty || (mark != nil && mark == recordedCount)
    }

    /// The handler acknowledged a response: the next one goes with no backoff.
    mutating func delivered() {
        failures = 0
        successorArrived = false
    }

    /// The oldest response waits for the session to unlock.
    mutating func held() { phase = .heldUntilUnlock }

    /// Nobody was on the bus to take the response.
    mutating func handlerAway() { phase = .awaitingHandler }

    /// The handler did not take the response. Returns the attempt it was (1 for the first
    /// failure in a row), for the backoff delay; nil when the handler's successor arrived
    /// meanwhile: try it at once, with no backoff.
    mutating func failed() -> Int? {
        if successorArrived {
            successorArrived = false
            return nil
        }
        failures += 1
        return failures
    }

    /// The retry of the oldest response waits for `retry`.
    mutating func backOff(retry: Task<Void, Never>) { phase = .backingOff(retry: retry) }

    /// The backoff timer fired: a drain may start again.
    mutating func retryDue() {
        guard case .backingOff = phase else { return }
        phase = .idle
    }

    /// A handler was registered: the backoff earned by the one before does not apply (its
    /// timer is cancelled).
    mutating func handlerRegistered() {
        failures = 0
        if case .backingOff(let retry) = phase {
            retry.cancel()
            phase = .idle
        }
    }

    /// The handler's name got a new owner: as ``handlerRegistered()``, and when a drain is
    /// under way its failure, the old process's, earns no backoff either.
    mutating func handlerCameBack() {
        handlerRegistered()
        if flushes.isRunning { successorArrived = true }
    }
}

/// Each app's ``Delivery``, made when the app is first named (an app never named is at rest,
/// as a new one).
struct Deliveries {
    private var byApp: [AppID: Delivery] = [:]

    subscript(app: AppID) -> Delivery {
        get { byApp[app] ?? Delivery() }
        set { byApp[app] = newValue }
    }
}
