import Foundation
import Testing
import TestSupport
@testable import UsernotedService

/// The timer under a fast scheduler clock: armed for a scheduler date, it wakes at the real instant of that date.
@Suite struct ScaledWakeTimerTests {
    let origin = Date(timeIntervalSince1970: 1_900_000_000)

    @Test func armsTheRealTimerForTheRealInstant() throws {
        let base = SchedulerTests.RecordingTimer()
        let timer = ScaledWakeTimer(base, clock: try #require(ScaledClock(rate: 60, origin: origin)))
        timer.arm(at: origin.addingTimeInterval(120))  // two minutes of scheduler time
        #expect(base.date == origin.addingTimeInterval(2))  // two real seconds
        timer.arm(at: nil)
        #expect(base.date == nil)
    }

    @Test func atTheRealRateItArmsTheDateAsGiven() {
        let base = SchedulerTests.RecordingTimer()
        let date = origin.addingTimeInterval(90)
        ScaledWakeTimer(base, clock: .real).arm(at: date)
        #expect(base.date == date)
    }

    /// With the real timerfd: a repeat 60 s of scheduler time away wakes within about a real second.
    @Test func aMinuteAtRateSixtyWakesTheRealTimerInASecond() async throws {
        let wakes = Inbox<Date>()
        let clock = try #require(ScaledClock(rate: 60))
        let timer = ScaledWakeTimer(WallClockTimer { wakes.put(Date()) }, clock: clock)
        let due = clock.now().addingTimeInterval(60)
        timer.arm(at: due)
        let woke = try await wakes.next(within: .seconds(10), "the wake-up")
        #expect(clock.schedulerDate(atReal: woke) >= due.addingTimeInterval(-0.001))  // not before it (a millisecond for rounding)
    }
}
