import CLinux
import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Something that wakes the scheduler at a wall-clock date.
public protocol WakeTimer: Sendable {
    /// Wakes once at `date` (at once if it has passed); nil disarms.
    func arm(at date: Date?)
}

/// One `timerfd` on `CLOCK_REALTIME`, armed for an absolute date with
/// `TFD_TIMER_CANCEL_ON_SET`: it fires when the date comes (also after a suspend that
/// slept past it) and when the wall clock is set, so the scheduler can look again. Between
/// wake-ups it costs nothing: the descriptor sleeps in the dispatch manager's epoll.
public final class WallClockTimer: WakeTimer, @unchecked Sendable {
    // @unchecked: `fd` and `source` never change after init; timerfd_settime and read on
    // the descriptor are safe from any thread, and the source's handler runs on its queue.
    private let fd: Int32
    private let source: any DispatchSourceRead

    /// A disarmed timer that calls `onWake` on each expiry or clock change.
    public init(onWake: @escaping @Sendable () -> Void) {
        let fd = timerfd_create(CLOCK_REALTIME, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        precondition(fd >= 0, "timerfd_create(CLOCK_REALTIME) failed: errno \(errno)")
        self.fd = fd
        source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: DispatchQueue(label: "usernoted.timer"))
        source.setEventHandler {
            var expirations: UInt64 = 0
            let count = read(fd, &expirations, MemoryLayout<UInt64>.size)
            // ECANCELED: the clock was set; the scheduler re-arms, which clears it.
            if count > 0 || errno == ECANCELED { onWake() }
        }
        source.setCancelHandler { close(fd) }
        source.resume()
    }

    deinit { source.cancel() }

    public func arm(at date: Date?) {
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
