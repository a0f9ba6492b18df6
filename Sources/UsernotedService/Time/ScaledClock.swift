import Foundation

/// The scheduler's wall clock, running `rate` times as fast as real time from `origin`: a
/// test aid (`usernoted --clock-rate`) that lets a repeating request's 60 s pass in one
/// real second. Triggers keep their rules, a repeat still needs 60 s of this clock's time.
/// At rate 1 it is the real clock.
public struct ScaledClock: Sendable, Equatable {
    /// How many seconds of scheduler time pass in one real second.
    public let rate: Double
    /// The instant at which scheduler time and real time agree.
    let origin: Date

    /// The real clock.
    public static let real = ScaledClock(unchecked: 1, origin: Date(timeIntervalSince1970: 0))

    /// A clock running `rate` times as fast as real time from `origin` (now, by default);
    /// nil unless `rate` is a finite number above 0.
    public init?(rate: Double, origin: Date = Date()) {
        guard rate.isFinite, rate > 0 else { return nil }
        self.init(unchecked: rate, origin: origin)
    }

    private init(unchecked rate: Double, origin: Date) {
        self.rate = rate
        self.origin = origin
    }

    /// Scheduler time now.
    func now() -> Date { schedulerDate(atReal: Date()) }

    /// The scheduler time at real instant `real`: origin + (real − origin) · rate.
    func schedulerDate(atReal real: Date) -> Date {
        rate == 1 ? real : origin.addingTimeInterval(real.timeIntervalSince(origin) * rate)
    }

    /// The real instant at which the scheduler's clock reads `date`: origin + (date − origin) / rate.
    func realDate(at date: Date) -> Date {
        rate == 1 ? date : origin.addingTimeInterval(date.timeIntervalSince(origin) / rate)
    }
}
