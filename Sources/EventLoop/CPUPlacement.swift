import CLinux

/// Which CPU a thread runs on, and whether the machine has one idle: for starting a thread
/// of busy work off the CPU of a loop that waits for round trips meanwhile
/// (``detachNewThread(startingOff:_:)``). On two cores the scheduler often started such a
/// thread on the loop's CPU, then queued the woken loop behind it for up to 2 ms while the
/// other CPU idled, as it does not move a thread that ran a moment ago (docs/performance.md, P7).
package enum CPUPlacement {
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

    /// How many threads the machine has runnable right now, the calling one among them (nil: unknown).
    package static var runnableThreads: Int? {
        let count = usernoted_runnable_threads()
        return count < 0 ? nil : Int(count)
    }

    /// Whether fewer threads are runnable than there are CPUs the calling thread may run on:
    /// then one of them is idle. On a busy machine a thread started off a CPU may have only
    /// busy ones left, where the scheduler would have found it room.
    package static var someIdle: Bool {
        var cpus = usernoted_cpus()
        guard usernoted_get_cpus(&cpus) != 0, let runnable = runnableThreads else { return false }
        return runnable < Int(usernoted_cpus_count(&cpus))
    }
}
