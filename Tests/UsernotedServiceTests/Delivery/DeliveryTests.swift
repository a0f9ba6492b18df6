import Foundation
import Testing
import UserNotificationsCore
@testable import UsernotedService

/// One app's delivery, transition by transition (no bus, no store).
@Suite struct DeliveryTests {
    let response = NotificationResponse(
        appId: .test("org.example.App"), requestId: "r1", actionIdentifier: "default", userText: nil,
        notification: NotificationRequest(identifier: "r1", content: NotificationContent(title: "t")),
        date: Date(timeIntervalSince1970: 0), activationToken: nil)

    @Test func aDrainStartsFromRestAndEndsIdleWhenTheOutboxIsEmpty() {
        var delivery = Delivery()
        #expect(delivery.phase == .idle)
        let started = delivery.drainStarted()
        #expect(started)
        #expect(delivery.phase == .flushing)
        delivery.drained()
        #expect(delivery.phase == .idle)
    }

    @Test func aDeliveredResponseClearsTheFailuresAndMovesThePlaceInLine() {
        var delivery = Delivery()
        _ = delivery.drainStarted()
        let first = delivery.failed()
        #expect(first == 1)
        delivery.delivered(7)
        #expect(delivery.failures == 0)
        #expect(delivery.doneUpTo == 7)
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

    @Test func aFreshResponseIsTakenOnceAndNotWhenTheHandlerAlreadyTookItsPlace() {
        var delivery = Delivery()
        delivery.savedAsNext(seq: 3, response: response, json: "{}")
        let fresh = delivery.takeFresh()
        #expect(fresh?.seq == 3)
        #expect(fresh?.json == "{}")
        let again = delivery.takeFresh()
        #expect(again == nil, "taken once")
        delivery.savedAsNext(seq: 4, response: response, json: "{}")
        delivery.dropped(4)
        let stale = delivery.takeFresh()
        #expect(stale == nil, "its place in line was already done through the store")
    }
}
