import EventLoop
import Testing
import TestSupport
@testable import LoopExecutor

/// The executor that runs tasks on a loop thread (made the default executor only by the
/// daemon binary; `UsernotedCommandTests.anIdleDaemonNeverWakes` checks that part).
@Suite struct LoopTaskExecutorTests {
    @Test func tasksRunOneAtATimeInTheOrderTheyCame() async {
        let executor = LoopTaskExecutor(loop: LoopThread(name: "test.tasks"))
        let steps = Inbox<String>()
        let tasks = (0..<200).map { number in
            Task(executorPreference: executor) {
                steps.put("start \(number)")
                steps.put("end \(number)")
            }
        }
        for task in tasks { await task.value }
        #expect(steps.pending == (0..<200).flatMap { ["start \($0)", "end \($0)"] })
    }

    @Test func aSleepOnItEndsAfterItsDurationAndTheTaskGoesOnOnItsThread() async throws {
        let executor = LoopTaskExecutor(loop: LoopThread(name: "test.sleeps"))
        let (slept, place) = try await withDeadline(.seconds(5), "the sleeping task") {
            try await Task(executorPreference: executor) {
                let start = ContinuousClock.now
                try await Task.sleep(for: .milliseconds(80))
                return (ContinuousClock.now - start, executor.loop.isCurrent)
            }.value
        }
        #expect(slept >= .milliseconds(80))
        #expect(place, "the task went on on the executor's thread")
    }

    @Test func aSleepTooLongToCountWaitsForeverAndEndsWhenCancelled() async throws {
        let executor = LoopTaskExecutor(loop: LoopThread(name: "test.forever"))
        let sleeper = Task(executorPreference: executor) {
            try await Task.sleep(for: .seconds(Int64.max))
        }
        await Task(executorPreference: executor) {}.value  // runs after the sleeper's first job: it sleeps
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(LoopTaskExecutor.nanoseconds(.seconds(Int64.max)) == .max)
        #expect(LoopTaskExecutor.nanoseconds(.milliseconds(-5)) == 0)
        #expect(LoopTaskExecutor.nanoseconds(.seconds(2) + .nanoseconds(7)) == 2_000_000_007)
    }
}
