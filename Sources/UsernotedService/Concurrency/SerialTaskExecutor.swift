@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
import CSwiftJobs
import DBus

/// Runs tasks one at a time on one ``LoopThread``, sleeps (`Task.sleep`) included.
///
/// Made the process's default executor (``useSerialDefaultExecutor()``), it keeps
/// libdispatch's worker pool from ever starting: that pool's first worker starts a monitor
/// that wakes the process once a second for as long as it lives (`_dispatch_workq_init_once`
/// in swift-corelibs-libdispatch), so an idle daemon would never be idle. The bus connections
/// share the thread, so a call arriving wakes that one thread, once. usernoted's work is
/// short and I/O-bound, so one task at a time is enough.
final class SerialTaskExecutor: TaskExecutor, SchedulingExecutor {
    /// The executor of every task of the process once ``useSerialDefaultExecutor()`` was called.
    static let global = SerialTaskExecutor(name: "usernoted.tasks")

    /// Where the tasks run.
    let loop: LoopThread

    init(name: String) {
        loop = LoopThread(name: name)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.schedule { Self.run(job) }
    }

    func enqueue<C: Clock>(
        _ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C
    ) {
        // ContinuousClock and SuspendingClock, all usernoted sleeps on, count in Duration (a
        // clock counting in another unit would wake its sleeper at once).
        let nanoseconds = (delay as? Duration).map(Self.nanoseconds) ?? 0
        let job = UnownedJob(job)
        loop.schedule(afterNanoseconds: nanoseconds) { Self.run(job) }
    }

    /// Runs `job` as the runtime's own default executor would: on the generic executor.
    private static func run(_ job: UnownedJob) {
        usernoted_run_job(unsafeBitCast(job, to: UnsafeMutableRawPointer.self))
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

/// The executors usernoted installs: ``SerialTaskExecutor/global`` by default, the platform's
/// main executor for the main actor.
private struct SerialExecutors: ExecutorFactory {
    static var mainExecutor: any MainExecutor { PlatformExecutorFactory.mainExecutor }
    static var defaultExecutor: any TaskExecutor { SerialTaskExecutor.global }
}

/// Makes ``SerialTaskExecutor/global`` the default executor: every task without another runs
/// on its thread, and so does every `Task.sleep` that has no executor of its own. Call once,
/// first thing in a synchronous `main`, before any task exists.
public func useSerialDefaultExecutor() {
    _createExecutors(factory: SerialExecutors.self)
}

/// The thread tasks run on once ``useSerialDefaultExecutor()`` was called; a bus connection
/// that shares it handles a call with no thread switch.
public var globalTaskQueue: LoopThread { SerialTaskExecutor.global.loop }
