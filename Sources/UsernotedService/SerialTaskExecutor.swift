@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
import CConcurrencyHooks
import Dispatch

/// Runs tasks one at a time on one serial dispatch queue.
///
/// Installed as the daemon's global executor (``takeOverGlobalExecutor()``), it keeps libdispatch's
/// worker pool from ever starting: that pool's first worker starts a monitor that wakes the
/// process once a second for as long as it lives (`_dispatch_workq_init_once` in
/// swift-corelibs-libdispatch), so an idle daemon would never be idle. A serial queue runs on
/// libdispatch's overcommit threads, which have no monitor; sleeps (`Task.sleep`) are timers on
/// the same queue. usernoted's work is short and I/O-bound, so one task at a time is enough.
final class SerialTaskExecutor: TaskExecutor, SchedulingExecutor {
    /// The executor every task of the process runs on once ``takeOverGlobalExecutor()`` was called.
    static let global = SerialTaskExecutor(label: "usernoted.tasks")

    /// Where the tasks run.
    let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        run(UnownedJob(job), afterNanoseconds: 0)
    }

    func enqueue<C: Clock>(
        _ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C
    ) {
        guard let delay = delay as? Duration else {
            // A clock of another unit (none in usernoted): the runtime's own executor waits for it.
            if let dispatch = Task.defaultExecutor as? any SchedulingExecutor {
                dispatch.enqueue(job, after: delay, tolerance: tolerance, clock: clock)
            } else {
                run(UnownedJob(job), afterNanoseconds: 0)
            }
            return
        }
        run(UnownedJob(job), afterNanoseconds: Self.nanoseconds(delay))
    }

    /// `delay` in whole nanoseconds: 0 when negative, `UInt64.max` (never) when too long to count.
    static func nanoseconds(_ delay: Duration) -> UInt64 {
        let (seconds, attoseconds) = delay.components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        let (total, overflowAgain) = whole.addingReportingOverflow(UInt64(attoseconds / 1_000_000_000))
        return overflow || overflowAgain ? .max : total
    }

    /// Runs `job` on the queue, as this executor's, `nanoseconds` from now.
    fileprivate func run(_ job: UnownedJob, afterNanoseconds nanoseconds: UInt64) {
        let executor = asUnownedTaskExecutor()
        if nanoseconds == 0 {
            queue.async { job.runSynchronously(on: executor) }
        } else {
            queue.asyncAfter(deadline: .now() + .nanoseconds(Int(clamping: nanoseconds))) {
                job.runSynchronously(on: executor)
            }
        }
    }
}

/// Makes ``SerialTaskExecutor/global`` the executor of every task that has no other: the
/// runtime's global enqueue hooks hand their jobs to it. Call once, first thing in `main`.
public func takeOverGlobalExecutor() {
    usernoted_take_over_global_jobs { job, nanoseconds in
        // The runtime hands over a live job, which is what UnownedJob wraps.
        SerialTaskExecutor.global.run(unsafeBitCast(job, to: UnownedJob.self), afterNanoseconds: nanoseconds)
    }
}

/// The queue tasks run on once ``takeOverGlobalExecutor()`` was called; a bus connection that
/// shares it handles a call with no thread switch.
public var globalTaskQueue: DispatchQueue { SerialTaskExecutor.global.queue }
