@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
import CSwiftJobs
import EventLoop

/// Runs tasks one at a time on a ``EventLoop/LoopThread``, sleeps (`Task.sleep`) included: each job
/// is work on the loop, each sleep a timer on it.
final class LoopTaskExecutor: TaskExecutor, SchedulingExecutor {
    /// The executor on ``EventLoop/LoopThread/shared``, which ``useLoopAsDefaultExecutor()`` makes the default.
    static let shared = LoopTaskExecutor(loop: .shared)

    /// Where the tasks run.
    let loop: LoopThread

    /// An executor whose tasks run on `loop`.
    init(loop: LoopThread) {
        self.loop = loop
    }

    /// The job goes to the loop as the argument of the C function that runs it (as ``run(_:)``
    /// does): nothing is allocated per job.
    func enqueue(_ job: consuming ExecutorJob) {
        loop.schedule(usernoted_run_job, Self.pointer(to: UnownedJob(job)))
    }

    func enqueue<C: Clock>(
        _ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C
    ) {
        // ContinuousClock and SuspendingClock count in Duration (a clock counting in another
        // unit would wake its sleeper at once).
        let nanoseconds = (delay as? Duration).map(Self.nanoseconds) ?? 0
        let job = UnownedJob(job)
        loop.schedule(afterNanoseconds: nanoseconds) { Self.run(job) }
    }

    /// Runs `job` as the runtime's own default executor would: on the generic executor.
    private static func run(_ job: UnownedJob) {
        usernoted_run_job(pointer(to: job))
    }

    /// `job` as the runtime's own pointer to it, which `usernoted_run_job` takes.
    private static func pointer(to job: UnownedJob) -> UnsafeMutableRawPointer {
        unsafeBitCast(job, to: UnsafeMutableRawPointer.self)
    }

    /// `delay` in whole nanoseconds: 0 when negative, `UInt64.max` (never) when too long to count.
    static func nanoseconds(_ delay: Duration) -> UInt64 {
        let (seconds, attoseconds) = delay.components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        let (total, overflowAgain) = whole.addingReportingOverflow(UInt64(attoseconds / 1_000_000_000))
        return overflow || overflowAgain ? .max : total
    }
}
