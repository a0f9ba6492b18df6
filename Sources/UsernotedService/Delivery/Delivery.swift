import EventLoop
import UserNotificationsCore

/// One app's delivery of its outbox to its handler: the phase it is in, its failures in a row,
/// and how far the handler has taken the outbox (``OutboxLine``). The ``Router`` keeps one per
/// app and drives it through the transitions below; the values do no I/O.
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

    private(set) var phase = Phase.idle
    /// The drains of this outbox: one at a time, and one more right after when asked meanwhile.
    var flushes = SingleFlight()
    /// Failed attempts in a row at the oldest response: the backoff grows with them. Not a
    /// phase's: the drain after a backoff's retry counts on from it, as does one after the
    /// handler was away or the session locked, until a delivery or a new handler clears it.
    private(set) var failures = 0
    /// The handler's name got a new owner while a drain was under way: the next failure is
    /// the old process's, so the new one is tried at once instead of backing off. Cleared by
    /// the next delivery's outcome, in that drain or a later one (it outlives the drain).
    private(set) var successorArrived = false
    /// How far the handler has taken the outbox: recorded, committed, fresh, out, known empty
    /// (independent of the phase; see ``OutboxLine``).
    var line = OutboxLine()
    /// For an app without a handler: the watch on its app id, to deliver when it appears.
    var appNameWatch: Task<Void, Never>?

    /// A response is being added to the outbox: its place when it goes out at once (see
    /// ``OutboxLine/recorded(_:mayGoAtOnce:)``), which it may only while the delivery is not
    /// resting (idle or flushing). Nil: the store has it, behind the rest.
    mutating func recorded(_ outgoing: OutboxLine.Outgoing) -> Int? {
        line.recorded(outgoing, mayGoAtOnce: phase == .idle || phase == .flushing)
    }

    /// A drain begins: true, the phase is ``Phase/flushing``; false while backing off, when
    /// only the retry timer (or a new handler) resumes delivery.
    mutating func drainStarted() -> Bool {
        if case .backingOff = phase { return false }
        phase = .flushing
        return true
    }

    /// The drain ended: having read no response from the store since `mark` (its
    /// ``OutboxLine/readMark``), or (nil) having stopped on an error it logged.
    mutating func drained(emptySince mark: Int?) {
        phase = .idle
        line.drained(emptySince: mark)
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
