import DBus
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

    /// A response in the outbox: its place in line, and its JSON when at hand.
    struct Outgoing {
        let seq: Int64
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
    /// The response just saved when it was the oldest in the outbox, with its JSON: the next
    /// drain takes it from here instead of reading it back from the store.
    private var fresh: Outgoing?
    /// The latest place in line the handler has taken (or that was dropped): a fresh response
    /// at or before it already went out through the store.
    private(set) var doneUpTo: Int64 = 0
    /// For an app without a handler: the watch on its app id, to deliver when it appears.
    var appNameWatch: Task<Void, Never>?

    /// A response was saved to the outbox as the oldest there: the next drain takes it as is.
    mutating func savedAsNext(seq: Int64, response: NotificationResponse, json: String) {
        fresh = Outgoing(seq: seq, response: response, json: json)
    }

    /// The response saved as the oldest, unless the handler already took its place in line
    /// through the store (nil then, and when there is none): the store has the rest.
    mutating func takeFresh() -> Outgoing? {
        defer { fresh = nil }
        guard let next = fresh, next.seq > doneUpTo else { return nil }
        return next
    }

    /// A drain begins: true, the phase is ``Phase/flushing``; false while backing off, when
    /// only the retry timer (or a new handler) resumes delivery.
    mutating func drainStarted() -> Bool {
        if case .backingOff = phase { return false }
        phase = .flushing
        return true
    }

    /// The drain found the outbox empty, or stopped on an error it logged.
    mutating func drained() { phase = .idle }

    /// The handler acknowledged the response at `seq`: the next response goes with no backoff.
    mutating func delivered(_ seq: Int64) {
        failures = 0
        successorArrived = false
        doneUpTo = seq
    }

    /// The response at `seq` was too old for any handler and was dropped.
    mutating func dropped(_ seq: Int64) { doneUpTo = seq }

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
