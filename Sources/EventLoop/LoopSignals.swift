import CLinux

#if canImport(Glibc)
import Glibc
#endif

/// Signals read on a ``LoopThread``: blocked in every thread, so that none is delivered to a
/// handler on whichever thread it lands, and read from a signalfd the loop watches.
public enum LoopSignals {
    /// Blocks `signals` in the calling thread, and so in every thread it starts from then on
    /// (a thread starts with its creator's mask). Call it first thing in `main`, before any
    /// thread starts, for each signal a loop reads (``LoopThread/watch(signal:_:)``): a thread
    /// that does not block it may take it the usual way instead.
    public static func block(_ signals: [Int32]) {
        var set = Self.set(signals)
        let blocked = pthread_sigmask(SIG_BLOCK, &set, nil)
        precondition(blocked == 0, "cannot block signals \(signals): error \(blocked)")
    }

    /// The signal set holding `signals`.
    static func set(_ signals: [Int32]) -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        return set
    }
}

extension LoopThread {
    /// Calls `handler` on the loop when `signal` arrives, until the watch is cancelled; one
    /// watch per signal. The signal must be blocked in every thread (``LoopSignals/block(_:)``),
    /// else it is delivered the usual way and never read here. The kernel keeps one of a kind
    /// pending: the same signal sent again before the loop reads it calls `handler` once.
    public func watch(signal: Int32, _ handler: @escaping () -> Void) -> LoopWatch {
        var set = LoopSignals.set([signal])
        let descriptor = signalfd(-1, &set, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        precondition(descriptor >= 0, "cannot read signal \(signal) from a signalfd: errno \(errno)")
        return watch(descriptor, for: .readable, { _ in
            var info = signalfd_siginfo()
            let size = MemoryLayout<signalfd_siginfo>.size
            var arrived = false
            while read(descriptor, &info, size) == size { arrived = true }
            if arrived { handler() }
        }, cancelled: { close(descriptor) })
    }
}
