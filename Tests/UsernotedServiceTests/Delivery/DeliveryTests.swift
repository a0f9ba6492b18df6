import EventLoop
import Foundation
import Testing
import UserNotificationsCore
@testable import UsernotedService

/// One app's delivery, transition by transition (no bus, no store).
@Suite struct DeliveryTests {
    @Test func aDrainStartsFromRestAndEndsIdleWhenTheOutboxIsEmpty() {
        var delivery = Delivery()
        #expect(delivery.phase == .idle)
        let started = delivery.drainStarted()
        #expect(started)
        #expect(delivery.phase == .flushing)
        delivery.drained(emptySince: delivery.line.readMark)
        #expect(delivery.phase == .idle)
        #expect(delivery.line.knownEmpty)
    }

    @Test func aDeliveredResponseClearsTheFailures() {
        var delivery = Delivery()
        _ = delivery.drainStarted()
        let first = delivery.failed()
        #expect(first == 1)
        delivery.delivered()
        #expect(delivery.failures == 0)
        let next = delivery.failed()
        #expect(next == 1, "the next failure is a first attempt again")
    }

    @Test func failuresInARowCountUpForTheBackoff() {
        var delivery = Delivery()
        let first = delivery.failed()
        #expect(first == 1)
        let second = delivery.failed()
        #expect(second == 2)
        let third = delivery.failed()
        #expect(third == 3)
    }

    @Test func backingOffRefusesDrainsUntilTheRetryIsDue() {
        var delivery = Delivery()
        _ = delivery.drainStarted()
        let retry = Task<Void, Never> {}
        delivery.backOff(retry: retry)
        #expect(delivery.phase == .backingOff(retry: retry))
        let started = delivery.drainStarted()
        #expect(!started, "only the retry timer or a new handler resumes delivery")
        #expect(delivery.phase == .backingOff(retry: retry))
        delivery.retryDue()
        #expect(delivery.phase == .idle)
        let startedAfterRetry = delivery.drainStarted()
        #expect(startedAfterRetry)
    }

    @Test func aRegisteredHandlerCancelsTheBackoffAndStartsCountingAgain() {
        var delivery = Delivery()
        _ = delivery.failed()
        let retry = Task<Void, Never> { try? await Task.sleep(for: .seconds(3600)) }
        delivery.backOff(retry: retry)
        delivery.handlerRegistered()
        #expect(retry.isCancelled)
        #expect(delivery.phase == .idle)
        #expect(delivery.failures == 0)
    }

    @Test func aHandlerThatCameBackDuringADrainTakesTheFailureWithoutBackoff() {
        var delivery = Delivery()
        _ = delivery.flushes.request()
        _ = delivery.drainStarted()
        delivery.handlerCameBack()
        #expect(delivery.successorArrived)
        let oldProcessFailure = delivery.failed()
        #expect(oldProcessFailure == nil, "the failure was the old process's: try the new one at once")
        let successorFailure = delivery.failed()
        #expect(successorFailure == 1, "the successor's own failure backs off")
    }

    @Test func aHandlerThatCameBackWithNoDrainUnderWayChangesOnlyTheBackoff() {
        var delivery = Delivery()
        _ = delivery.failed()
        delivery.handlerCameBack()
        #expect(!delivery.successorArrived)
        #expect(delivery.failures == 0)
    }

    @Test func aHeldResponseAndAnAbsentHandlerAreRestingPhasesADrainLeaves() {
        var delivery = Delivery()
        _ = delivery.drainStarted()
        delivery.held()
        #expect(delivery.phase == .heldUntilUnlock)
        let startedAfterHold = delivery.drainStarted()
        #expect(startedAfterHold, "a drain after unlock (or anything new) tries again")
        delivery.handlerAway()
        #expect(delivery.phase == .awaitingHandler)
        let startedAfterAway = delivery.drainStarted()
        #expect(startedAfterAway)
    }

    func outgoing() -> OutboxLine.Outgoing { OutboxLineTests().outgoing() }

    @Test func aResponseGoesOutAtOnceOnlyWhenTheOutboxIsKnownEmpty() {
        var delivery = Delivery()
        let atStart = delivery.recorded(outgoing())
        #expect(atStart == nil, "at start the store may hold older responses")
        delivery.line.committed()
        _ = delivery.drainStarted()
        delivery.drained(emptySince: delivery.line.readMark)
        let next = delivery.recorded(outgoing())
        #expect(next != nil, "the last drain read the outbox empty")
        guard case .fresh(let fresh) = delivery.line.next() else { Issue.record("the fresh response goes first"); return }
        #expect(fresh.json == "{}")
        guard case .fromStore = delivery.line.next() else { Issue.record("taken once; not acknowledged, it is still in the store"); return }
        let behindIt = delivery.recorded(outgoing())
        #expect(behindIt == nil, "the first one is still in the outbox")
    }

    /// Drains the outbox once it was read empty, and records a response that goes out at once.
    func freshOut() -> Delivery {
        var delivery = Delivery()
        _ = delivery.drainStarted()
        delivery.drained(emptySince: delivery.line.readMark)
        _ = delivery.recorded(outgoing())
        _ = delivery.drainStarted()
        return delivery
    }

    @Test func theOutboxIsNotReadOnceTheFreshResponseIsAcknowledgedAndNothingCame() {
        var delivery = freshOut()
        guard case .fresh = delivery.line.next() else { Issue.record("the fresh response goes first"); return }
        delivery.line.acknowledged()
        guard case .none = delivery.line.next() else { Issue.record("nothing else was recorded: nothing to read"); return }
        delivery.drained(emptySince: nil)  // even with a response being committed as the drain ends
        guard case .none = delivery.line.next() else { Issue.record("still known empty"); return }
        delivery.handlerAway()
        let whileAway = delivery.recorded(outgoing())
        #expect(whileAway == nil)
        guard case .fromStore = delivery.line.next() else { Issue.record("a response came: it is in the store"); return }
    }

    @Test func anEmptyReadProvesNothingWhileAResponseIsBeingCommittedOrArrives() {
        var delivery = Delivery()
        _ = delivery.recorded(outgoing())
        _ = delivery.drainStarted()
        let whileCommitting = delivery.line.readMark
        #expect(whileCommitting == nil, "the read may miss the response being committed")
        delivery.drained(emptySince: whileCommitting)
        #expect(!delivery.line.knownEmpty)
        delivery.line.committed()
        _ = delivery.drainStarted()
        let mark = delivery.line.readMark
        _ = delivery.recorded(outgoing())  // arrives while the drain reads
        delivery.drained(emptySince: mark)
        #expect(!delivery.line.knownEmpty, "a response came while the store was read")
    }

    @Test func noResponseGoesOutAtOnceWhileADeliveryRests() {
        var delivery = Delivery()
        _ = delivery.drainStarted()
        delivery.drained(emptySince: delivery.line.readMark)
        delivery.handlerAway()
        let whileAway = delivery.recorded(outgoing())
        #expect(whileAway == nil, "it waits behind the phase, in the store")
    }

    @Test func eachAppHasItsOwnDeliveryAndOneNeverNamedIsAtRest() {
        var deliveries = Deliveries()
        let (app, other) = (AppID.test("org.example.App"), AppID.test("org.example.Other"))
        #expect(deliveries[app].phase == .idle)
        _ = deliveries[app].drainStarted()
        deliveries[app].handlerAway()
        #expect(deliveries[app].phase == .awaitingHandler, "a change through the subscript is kept")
        #expect(deliveries[other].phase == .idle, "and is that app's alone")
    }
}
