import EventLoop
import Synchronization
import Testing
import TestSupport

/// One task woken per ring; rings while it is busy kept as one; closing (or cancelling the
/// task waiting) ends the waiting once a ring kept is taken.
@Suite(.timeLimit(.minutes(1))) struct DoorbellTests {
    @Test func ringsWhileNobodyWaitsAreKeptAsOne() async {
        let bell = Doorbell()
        bell.ring()
        bell.ring()
        #expect(await bell.wait(), "a ring came before the wait: it returns at once")
        bell.close()
        #expect(await bell.wait() == false, "the two rings were one: this wait sees the close, not a second ring")
    }

    @Test func aRingKeptIsTakenBeforeTheClose() async {
        let bell = Doorbell()
        bell.ring()
        bell.close()
        #expect(await bell.wait(), "the ring came before the close: its waiter still hears it")
        #expect(await bell.wait() == false)
        bell.ring()
        #expect(await bell.wait() == false, "a ring after the close wakes nobody")
    }

    @Test func aRingWakesTheTaskWaiting() async throws {
        let bell = Doorbell()
        let waiting = Task { await bell.wait() }
        try await waitUntil("the task waits") { bell.hasWaiter }
        bell.ring()
        #expect(await waiting.value)
    }

    @Test func closingEndsTheWaitUnderWay() async throws {
        let bell = Doorbell()
        let waiting = Task { await bell.wait() }
        try await waitUntil("the task waits") { bell.hasWaiter }
        bell.close()
        #expect(await waiting.value == false)
    }

    @Test func cancellingTheWaitingTaskClosesTheDoorbell() async throws {
        let bell = Doorbell()
        let waiting = Task { await bell.wait() }
        try await waitUntil("the task waits") { bell.hasWaiter }
        waiting.cancel()
        #expect(await waiting.value == false)
        bell.ring()
        #expect(await bell.wait() == false)
    }

    @Test func everyRingIsFollowedByAWakeAfterIt() async throws {
        let bell = Doorbell()
        let rung = Atomic(0)
        let seen = Mutex(0)
        let taker = Task {
            while await bell.wait() { seen.withLock { $0 = rung.load(ordering: .acquiring) } }
        }
        for _ in 0..<10_000 {
            rung.add(1, ordering: .releasing)
            bell.ring()
            if Bool.random() { await Task.yield() }
        }
        // The taker woke after the last ring, whether it was waiting or busy when it came.
        try await waitUntil("the taker has seen every ring") { seen.withLock { $0 } == 10_000 }
        bell.close()
        await taker.value
    }
}
