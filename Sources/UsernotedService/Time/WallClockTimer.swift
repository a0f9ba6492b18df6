import CLinux
import EventLoop
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Something that wakes the scheduler at a wall-clock date.
protocol WakeTimer: Sendable {
    /// Wakes once at `date` (at once if it has passed); nil disarms.
    func arm(at date: Date?)
}

/// One `timerfd` on `CLOCK_REALTIME`, armed for an absolute date with
/// `TFD_TIMER_CANCEL_ON_SET`: it fires when the date comes (also after a suspend that
/// slept past it) and when the wall clock is set, so the scheduler can look again. Between
/// wake-ups it costs nothing: the descriptor sleeps in its loop's epoll.
final class WallClockTimer: WakeTimer {
    private let fd: Int32
    private let watch: LoopWatch

    /// A disarmed timer that calls `onWake` on `loop` at each expiry or clock change.
    init(loop: LoopThread = .shared, onWake: @escaping @Sendable () -> Void) {
        let fd = timerfd_create(CLOCK_REALTIME, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        precondition(fd >= 0, "timerfd_create(CLOCK_REALTIME) failed: errno \(errno)")
        self.fd = fd
        watch = loop.watch(fd, { _ in
            var expirations: UInt64 = 0
            let count = read(fd, &expirations, MemoryLayout<UInt64>.size)
            // ECANCELED: the clock was set; the scheduler re-arms, which clears it.
            if count > 0 || errno == ECANCELED { onWake() }
        }, cancelled: { close(fd) })
    }

    deinit { watch.cancel() }

    func arm(at date: Date?) {
        var spec = itimerspec()
        if let date {
            // 0 would disarm: a date at or before 1970 still means "now".
            let nanoseconds = max(Int64((date.timeIntervalSince1970 * 1e9).rounded(.up)), 1)
            spec.it_value.tv_sec = Int(nanoseconds / 1_000_000_000)
            spec.it_value.tv_nsec = Int(nanoseconds % 1_000_000_000)
        }
        timerfd_settime(fd, Int32(TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET), &spec, nil)
    }
}
