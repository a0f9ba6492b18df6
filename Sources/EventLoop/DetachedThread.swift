import CLinux
import Glibc

/// Runs `work` on a new thread of its own, detached: for a blocking call that must not hold
/// up a loop (libmosquitto resolves and connects blocking), without Foundation's `Thread`.
public func detachNewThread(_ work: @escaping @Sendable () -> Void) {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    let started = start(&attributes, work)
    precondition(started == 0, "cannot start a thread: error \(started)")
}

/// Runs `work` on a new thread of its own, detached, that starts on one of the CPUs the
/// calling thread may run on but `cpu` (nil, or that CPU the only one: any of them), and may
/// run on all of them from then on: the scheduler leaves a running thread where it is. `work`
/// is told the CPU the thread started on (nil: unknown).
package func detachNewThread(startingOff cpu: Int32?, _ work: @escaping @Sendable (_ startedOn: Int32?) -> Void) {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    var cpus = usernoted_cpus()
    if let cpu, usernoted_attr_avoid_cpu(&attributes, cpu, &cpus) != 0 {
        let before = cpus
        let started = start(&attributes) {
            let startedOn = CPUPlacement.current
            var cpus = before
            _ = usernoted_set_cpus(&cpus)  // a thread may always go back to a set its starter had
            work(startedOn)
        }
        if started == 0 { return }
        // Its CPUs refused (a seccomp filter may refuse sched_setaffinity): started as any other.
    }
    detachNewThread { work(CPUPlacement.current) }
}

/// Starts a detached thread with `attributes` that runs `work`; pthread_create's error, or 0.
private func start(_ attributes: inout pthread_attr_t, _ work: @escaping @Sendable () -> Void) -> Int32 {
    /// The work, handed to the new thread, which takes the retain with it.
    final class Work: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
    var thread = pthread_t()
    let context = Unmanaged.passRetained(Work(work))
    let started = pthread_create(&thread, &attributes, { context in
        Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().run()
        return nil
    }, context.toOpaque())
    guard started == 0 else {
        context.release()  // no thread took it
        return started
    }
    pthread_detach(thread)
    return 0
}
