import Foundation

/// A ``WakeTimer`` for a scheduler whose clock runs at a ``ScaledClock``: asked to wake at a
/// scheduler date, it arms the real timer for the real instant at which that date comes.
struct ScaledWakeTimer: WakeTimer {
    /// The real timer (a ``WallClockTimer`` in the daemon).
    let base: any WakeTimer
    let clock: ScaledClock

    /// Wraps `base`, converting dates by `clock`.
    init(_ base: any WakeTimer, clock: ScaledClock) {
        self.base = base
        self.clock = clock
    }

    func arm(at date: Date?) {
        base.arm(at: date.map(clock.realDate(at:)))
    }
}
