import Testing
@testable import UserNotifications

struct ExitFlushTests {
    @Test func theExitWaitsUntilEveryStartedCallHasEnded() async throws {
        let flush = ExitFlush()
        flush.begin()
        flush.begin()
        flush.end()
        #expect(!flush.isIdle)
        // The exiting thread is not one of the tasks' threads (the main thread, at exit).
        let waiting = Task {
            await withCheckedContinuation { (continuation: CheckedContinuation<Duration, Never>) in
                Thread.detachNewThread { continuation.resume(returning: ContinuousClock().measure { flush.waitAtExit() }) }
            }
        }
        try await Task.sleep(for: .milliseconds(200))
        flush.end()
        let waited = await waiting.value
        #expect(flush.isIdle)
        #expect(waited >= .milliseconds(150) && waited < ExitFlush.patience, "\(waited)")
    }
}
