import Testing
import TestSupport
@testable import UsernotedService

/// The one-queue executor usernoted runs its tasks on (taken over as the global executor only
/// by the daemon binary; `UsernotedCommandTests.anIdleDaemonNeverWakes` checks that part).
@Suite struct SerialTaskExecutorTests {
    @Test func tasksRunOneAtATimeInTheOrderTheyCame() async {
        let executor = SerialTaskExecutor(label: "test.tasks")
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

    @Test func aSleepOnItEndsAfterItsDurationAndTheTaskGoesOn() async throws {
        let executor = SerialTaskExecutor(label: "test.sleeps")
        let slept = try await withDeadline(.seconds(5), "the sleeping task") {
            try await Task(executorPreference: executor) {
                let start = ContinuousClock.now
                try await Task.sleep(for: .milliseconds(80))
                return ContinuousClock.now - start
            }.value
        }
        #expect(slept >= .milliseconds(80))
    }
}
