import Foundation

/// A ``WakeTimer`` for a scheduler whose clock runs at a ``ScaledClock``: asked to wake at a
/// scheduler date, it arms the real timer for the real instant at which that date comes.
public struct ScaledWakeTimer: WakeTimer {
    /// The real timer (a ``WallClockTimer`` in the daemon).
    public let base: any WakeTimer
    public let clock: ScaledClock

    /// Wraps `base`, converting dates by `clock`.
    public init(_ base: any WakeTimer, clock: ScaledClock) {
        self.base = base
        self.clock = clock
    }

    public func arm(at date: Date?) {
        base.arm(at: date.map(clock.realDate(at:)))
    }
}
