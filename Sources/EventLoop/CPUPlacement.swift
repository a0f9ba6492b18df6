import CLinux

/// Keeps the calling thread off one CPU for a while, when it may run on another: a thread
/// that starts busy work while a loop waits for its round trips. On two cores the scheduler
/// often started such a thread on the loop's CPU and then queued the woken loop behind it
/// for up to 2 ms while the other CPU idled: it does not move a thread that ran a moment ago
/// to another CPU (docs/performance.md, P7).
///
/// Made and ended on one thread; the threads it starts meanwhile keep the CPUs it has then.
package struct CPUPlacement {
    /// The CPUs the thread could run on before, when it was moved.
    private var before: usernoted_cpus?

    /// The CPU the calling thread runs on now (nil: unknown).
    package static var current: Int32? {
        let cpu = sched_getcpu()
        return cpu < 0 ? nil : cpu
    }

    /// Whether the calling thread may run on `cpu`.
    package static func mayRun(on cpu: Int32) -> Bool {
        var cpus = usernoted_cpus()
        return usernoted_get_cpus(&cpus) != 0 && usernoted_cpus_have(&cpus, cpu) != 0
    }

    /// Moves the calling thread off `cpu` (nil: leaves it where it is), unless that is the
    /// only CPU it may run on, or its CPUs cannot be read or changed.
    package init(avoiding cpu: Int32?) {
        var cpus = usernoted_cpus()
        if let cpu, usernoted_avoid_cpu(cpu, &cpus) != 0 { before = cpus }
    }

    /// Lets the calling thread run on the CPUs it could before (as they were then); later
    /// calls do nothing.
    package mutating func end() {
        guard var cpus = before else { return }
        _ = usernoted_set_cpus(&cpus)  // a thread may always go back to a set it had
        before = nil
    }
}
