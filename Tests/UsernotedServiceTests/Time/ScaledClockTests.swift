import Foundation
import Testing
@testable import UsernotedService

/// The test clock: scheduler time runs `rate` times as fast from its origin, and converts back.
@Suite struct ScaledClockTests {
    let origin = Date(timeIntervalSince1970: 1_900_000_000)

    @Test func sixtyTimesAsFastAMinutePassesInASecond() throws {
        let clock = try #require(ScaledClock(rate: 60, origin: origin))
        #expect(clock.schedulerDate(atReal: origin) == origin)
        #expect(clock.schedulerDate(atReal: origin.addingTimeInterval(1)) == origin.addingTimeInterval(60))
        #expect(clock.schedulerDate(atReal: origin.addingTimeInterval(2.5)) == origin.addingTimeInterval(150))
        // Before the origin it runs fast too (a date from before the daemon started).
        #expect(clock.schedulerDate(atReal: origin.addingTimeInterval(-1)) == origin.addingTimeInterval(-60))
    }

    @Test func aSchedulerDateComesAtTheMatchingRealInstant() throws {
        let clock = try #require(ScaledClock(rate: 60, origin: origin))
        #expect(clock.realDate(at: origin.addingTimeInterval(60)) == origin.addingTimeInterval(1))
        #expect(clock.realDate(at: origin.addingTimeInterval(120)) == origin.addingTimeInterval(2))
        for seconds in [-3600.0, 0, 0.25, 61, 86_400] {
            let real = origin.addingTimeInterval(seconds)
            #expect(abs(clock.realDate(at: clock.schedulerDate(atReal: real)).timeIntervalSince(real)) < 1e-6)
        }
    }

    @Test func slowerThanRealTimeWorksToo() throws {
        let clock = try #require(ScaledClock(rate: 0.5, origin: origin))
        #expect(clock.schedulerDate(atReal: origin.addingTimeInterval(10)) == origin.addingTimeInterval(5))
        #expect(clock.realDate(at: origin.addingTimeInterval(5)) == origin.addingTimeInterval(10))
    }

    @Test func theRealClockIsTheWallClock() {
        let date = Date(timeIntervalSince1970: 1_234_567_890.123)
        #expect(ScaledClock.real.schedulerDate(atReal: date) == date)
        #expect(ScaledClock.real.realDate(at: date) == date)
        let before = Date()
        let now = ScaledClock.real.now()
        #expect(now >= before && now <= Date())
    }

    @Test func nowRunsFastFromTheOrigin() throws {
        let clock = try #require(ScaledClock(rate: 1000, origin: Date().addingTimeInterval(-1)))
        // At least one real second since the origin: at least 1000 s of scheduler time.
        #expect(clock.now().timeIntervalSince(clock.origin) >= 1000)
    }

    @Test(arguments: [0.0, -1, .infinity, .nan])
    func aRateMustBeAFiniteNumberAboveZero(rate: Double) {
        #expect(ScaledClock(rate: rate) == nil)
    }
}
