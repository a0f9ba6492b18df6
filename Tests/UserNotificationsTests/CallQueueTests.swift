import Synchronization
import Testing
import TestSupport
@testable import UserNotifications

struct CallQueueTests {
    @Test func aCallWaitsForTheCallsMadeBeforeIt() async throws {
        let queue = CallQueue()
        let order = Mutex<[Int]>([])
        let started = Inbox<Void>()
        let gate = Inbox<Void>()
        let secondDone = Inbox<Void>()
        let first = queue.enqueue {
            started.put(())
            try await gate.next(within: .seconds(10), "gate")
            order.withLock { $0.append(1) }
        }
        let second = queue.enqueue {
            order.withLock { $0.append(2) }
            secondDone.put(())
        }
        try await started.next(within: .seconds(10), "first call started")
        // While the first call is held, the second must not run: give it a deadline to (wrongly) finish.
        await #expect(throws: TestSupportError.self) { try await secondDone.next(within: .milliseconds(300), "second call") }
        gate.put(())
        try await first.value
        try await second.value
        #expect(order.withLock { $0 } == [1, 2])
    }

    @Test func aFailedCallDoesNotStopTheNext() async throws {
        let queue = CallQueue()
        let failing = queue.enqueue { throw TestSupportError("boom") }
        let next = queue.enqueue { 7 }
        await #expect(throws: TestSupportError.self) { try await failing.value }
        #expect(try await next.value == 7)
    }
}
