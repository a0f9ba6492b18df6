import CLinux

/// Keeps the calling thread off one CPU for a while, when it may run on another: a thread
/// that starts busy work while a loop waits for its round trips. On two cores the scheduler
/// queued the woken loop behind such a thread on the loop's CPU (where the new thread had
/// started), for up to 2 ms while the other CPU idled: it does not move a thread that ran a
/// moment ago to another CPU (docs/performance.md, P7).
///
/// Made and ended on one thread; the threads it starts meanwhile inherit where it may run.
public struct CPUPlacement {
    /// The CPUs the thread could run on before, when it was moved.
    private var before: usernoted_cpus?

    /// The CPU the calling thread runs on now (nil: unknown).
    public static var current: Int32? {
        let cpu = usernoted_current_cpu()
        return cpu < 0 ? nil : cpu
    }

    /// Whether the calling thread may run on `cpu`.
    public static func mayRun(on cpu: Int32) -> Bool { usernoted_may_run_on(cpu) != 0 }

    /// Moves the calling thread off `cpu` (nil: leaves it where it is), unless that is the
    /// only CPU it may run on.
    public init(avoiding cpu: Int32?) {
        var cpus = usernoted_cpus()
        if let cpu, usernoted_avoid_cpu(cpu, &cpus) != 0 { before = cpus }
    }

    /// Lets the calling thread run on every CPU it could before; later calls do nothing.
    public mutating func end() {
        guard var cpus = before else { return }
        usernoted_set_cpus(&cpus)
        before = nil
    }
}
