import CSwiftJobs
import EventLoop
import Testing
@testable import LoopExecutor

/// What the C shim assumes about the Swift runtime's jobs, held against the running runtime:
/// these fail when a toolchain moves the job entry point or the executor layout under it.
@Suite struct SwiftJobsTests {
    @Test func anExecutorReferenceAndAJobAreTheSizesTheShimPasses() {
        let word = MemoryLayout<UnsafeRawPointer>.size
        #expect(MemoryLayout<usernoted_executor_ref>.size == 2 * word)
        #expect(MemoryLayout<UnownedSerialExecutor>.size == MemoryLayout<usernoted_executor_ref>.size)
        #expect(MemoryLayout<UnownedSerialExecutor>.alignment == MemoryLayout<usernoted_executor_ref>.alignment)
        #expect(MemoryLayout<UnownedJob>.size == word)
    }

    @Test func theRuntimeCallsTheGenericExecutorWhatTheShimPasses() async {
        // A nonisolated async function runs on the generic executor…
        #expect(ExecutorReference.current == .generic)
        // …and inside an actor the runtime reports another one (so the comparison can fail).
        #expect(await Probe().executor() != .generic)
    }

    @Test func aJobRunThroughTheShimRunsItsTaskOnTheGenericExecutorOnTheLoop() async throws {
        let executor = LoopTaskExecutor(loop: LoopThread(name: "test.jobs"))
        let (first, onLoop, afterActor) = await Task(executorPreference: executor) {
            let first = ExecutorReference.current
            let onLoop = executor.loop.isCurrent
            _ = await Probe().executor()  // to an actor and back
            return (first, onLoop, ExecutorReference.current)
        }.value
        #expect(first == .generic)
        #expect(afterActor == .generic)
        #expect(onLoop)
    }
}

/// A `usernoted_executor_ref` as plain words, to compare and pass between tasks.
private struct ExecutorReference: Equatable, Sendable {
    let identity: UInt
    let implementation: UInt

    init(_ reference: usernoted_executor_ref) {
        identity = UInt(bitPattern: reference.identity)
        implementation = reference.implementation
    }

    /// What the shim passes to the runtime.
    static var generic: Self { Self(usernoted_generic_executor()) }
    /// What the runtime reports for the code running now.
    static var current: Self { Self(usernoted_current_executor()) }
}

/// An actor, to see what the runtime reports as the current executor inside one.
private actor Probe {
    func executor() -> ExecutorReference { .current }
}
