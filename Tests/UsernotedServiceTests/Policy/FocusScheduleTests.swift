import Foundation
import Testing
@testable import UsernotedService

/// Focus schedules on the wall clock: ranges across midnight, weekdays, and DST changes.
@Suite struct FocusScheduleTests {
    /// A calendar in `zone` (Berlin by default: DST ends 2026-10-25 03:00 → 02:00, starts 2026-03-29 02:00 → 03:00).
    static func calendar(_ zone: String = "Europe/Berlin") -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    /// `text` (`2026-11-24 21:59`) as a local time in `calendar`.
    static func local(_ text: String, _ calendar: Calendar = calendar()) -> Date {
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.date(from: text)!
    }

    static let night = FocusSchedule(start: TimeOfDay("22:00")!, end: TimeOfDay("07:00")!)

    @Test func aNightRangeCrossesMidnight() {
        let calendar = Self.calendar()
        #expect(!Self.night.isActive(at: Self.local("2026-11-24 21:59"), in: calendar))
        #expect(Self.night.isActive(at: Self.local("2026-11-24 22:00"), in: calendar))
        #expect(Self.night.isActive(at: Self.local("2026-11-25 03:00"), in: calendar))
        #expect(!Self.night.isActive(at: Self.local("2026-11-25 07:00"), in: calendar))
        #expect(Self.night.nextChange(after: Self.local("2026-11-24 12:00"), in: calendar) == Self.local("2026-11-24 22:00"))
        #expect(Self.night.nextChange(after: Self.local("2026-11-24 23:00"), in: calendar) == Self.local("2026-11-25 07:00"))
    }

    @Test func daysAreTheDaysARangeStartsOn() {
        let calendar = Self.calendar()
        // 2026-11-27 is a Friday: Friday night's range starts Friday, runs into Saturday.
        let fridays = FocusSchedule(days: [6], start: TimeOfDay("22:00")!, end: TimeOfDay("07:00")!)
        #expect(fridays.isActive(at: Self.local("2026-11-28 06:00"), in: calendar))
        #expect(!fridays.isActive(at: Self.local("2026-11-28 23:00"), in: calendar))
        #expect(fridays.nextChange(after: Self.local("2026-11-28 08:00"), in: calendar) == Self.local("2026-12-04 22:00"))
    }

    @Test func theNightDSTEndsLastsAnHourLonger() {
        let calendar = Self.calendar()
        let start = Self.night.nextChange(after: Self.local("2026-10-24 12:00"), in: calendar)!
        let end = Self.night.nextChange(after: start, in: calendar)!
        #expect(end.timeIntervalSince(start) == 10 * 3600)  // 22:00 to 07:00 with 02:00–03:00 twice
        #expect(Self.night.isActive(at: Self.local("2026-10-25 06:59"), in: calendar))
    }

    @Test func aRangeStartingInTheSpringGapStartsWhenTheClockReachesIt() {
        let calendar = Self.calendar()
        let gap = FocusSchedule(start: TimeOfDay("02:30")!, end: TimeOfDay("04:00")!)
        let start = gap.nextChange(after: Self.local("2026-03-28 12:00"), in: calendar)!
        // 02:30 does not exist on 2026-03-29: it starts at 03:00 (the first instant after the gap).
        #expect(start == Self.local("2026-03-29 03:00"))
        #expect(gap.isActive(at: Self.local("2026-03-29 03:30"), in: calendar))
    }

    @Test func timesAreReadStrictly() {
        #expect(TimeOfDay("07:05") == TimeOfDay("07:05"))
        #expect(TimeOfDay("7:05") == nil)
        #expect(TimeOfDay("24:00") == nil)
        #expect(TimeOfDay("12:60") == nil)
        #expect(TimeOfDay("noon") == nil)
    }

    @Test func theNextSummaryTimeIsTheNextTheClockShows() {
        let calendar = Self.calendar()
        let times = [TimeOfDay("08:00")!, TimeOfDay("18:00")!]
        #expect(TimeOfDay.next(of: times, after: Self.local("2026-11-24 08:00"), in: calendar) == Self.local("2026-11-24 18:00"))
        #expect(TimeOfDay.next(of: times, after: Self.local("2026-11-24 19:00"), in: calendar) == Self.local("2026-11-25 08:00"))
    }
}
