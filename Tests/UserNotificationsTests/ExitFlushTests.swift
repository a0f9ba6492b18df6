import Testing
import TestSupport
@testable import UserNotifications

struct ExitFlushTests {
    @Test func theExitWaitsUntilEveryStartedCallHasEnded() async throws {
        let flush = ExitFlush()
        flush.begin()
        flush.begin()
        flush.end()
        #expect(!flush.isIdle)
        // The exiting thread is not one of the tasks' threads (the main thread, at exit).
        let started = Inbox<Void>()
        let returned = Inbox<Void>()
        Thread.detachNewThread {
            started.put(())
            flush.waitAtExit()
            returned.put(())
        }
        try await started.next()
        try await Task.sleep(for: .milliseconds(300))
        #expect(returned.pending.isEmpty, "it waits while a call is unfinished")
        flush.end()
        try await returned.next(within: ExitFlush.patience, "the wait's end once the last call ended")
        #expect(flush.isIdle)
    }
}
