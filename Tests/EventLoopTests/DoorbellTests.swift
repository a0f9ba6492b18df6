import EventLoop
import Synchronization
import Testing

/// One task woken per ring; rings while it is busy kept as one; closing (or cancelling the
/// task waiting) ends the waiting.
@Suite(.timeLimit(.minutes(1))) struct DoorbellTests {
    @Test func ringsWhileNobodyWaitsAreKeptAsOne() async {
        let bell = Doorbell()
        bell.ring()
        bell.ring()
        #expect(await bell.wait(), "a ring came before the wait: it returns at once")
        bell.close()
        #expect(await bell.wait() == false, "the two rings were one: this wait sees the close, not a second ring")
    }

    @Test func aRingWakesTheTaskWaiting() async {
        let bell = Doorbell()
        let waiting = Task { await bell.wait() }
        await Task.yield()
        bell.ring()
        #expect(await waiting.value)
    }

    @Test func closingEndsTheWaitUnderWayAndEveryOneAfter() async {
        let bell = Doorbell()
        let waiting = Task { await bell.wait() }
        await Task.yield()
        bell.close()
        #expect(await waiting.value == false)
        bell.ring()
        #expect(await bell.wait() == false, "a ring after the close wakes nobody")
    }

    @Test func cancellingTheWaitingTaskClosesTheDoorbell() async {
        let bell = Doorbell()
        let waiting = Task { await bell.wait() }
        await Task.yield()
        waiting.cancel()
        #expect(await waiting.value == false)
        bell.ring()
        #expect(await bell.wait() == false)
    }

    @Test func everyRingIsFollowedByAWakeAfterIt() async {
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
        // Once the last ring is answered the taker has seen every ring: it woke after the last one.
        while seen.withLock({ $0 }) < 10_000, !Task.isCancelled { await Task.yield() }
        bell.close()
        await taker.value
        #expect(seen.withLock { $0 } == 10_000)
    }
}
