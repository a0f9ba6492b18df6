import Foundation
import Testing
@testable import UserNotificationsCore

/// A Gregorian calendar in a fixed time zone.
func gregorian(_ zone: String) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: zone)!
    return calendar
}

/// A date from ISO 8601 text with an offset, e.g. `2026-03-29T03:30:00+02:00`.
func at(_ text: String) -> Date { ISO8601Date.parse(text)! }

/// `date` as ISO 8601 text in `calendar`'s time zone, e.g. `2026-03-29T03:30:00+02:00`.
func iso(_ date: Date, _ calendar: Calendar) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = calendar.timeZone
    return formatter.string(from: date)
}

/// A request JSON with `trigger` (as JSON text) and empty content.
func requestJSON(trigger: String) -> String { #"{"content": {}, "trigger": \#(trigger)}"# }

@Suite struct TriggerDecodingTests {
    func decode(_ trigger: String, limits: Limits? = .default) throws -> NotificationTrigger? {
        try ModelJSON.decodeRequest(requestJSON(trigger: trigger), limits: limits).trigger
    }

    @Test func timeIntervalShape() throws {
        #expect(try decode(#"{"timeInterval": 2.5, "repeats": false}"#) == .timeInterval(2.5, repeats: false))
        #expect(try decode(#"{"timeInterval": 60, "repeats": true}"#) == .timeInterval(60, repeats: true))
    }

    @Test func calendarShape() throws {
        let trigger = try decode(#"{"dateComponents": {"hour": 9, "minute": 30, "weekday": 2}, "repeats": true}"#)
        #expect(trigger == .calendar(DateComponents(hour: 9, minute: 30, weekday: 2), repeats: true))
        #expect(trigger?.repeats == true)
        let all = try decode(#"{"dateComponents": {"year": 2027, "month": 2, "day": 28, "hour": 23, "minute": 59, "second": 59, "weekday": 1}}"#)
        #expect(all == .calendar(DateComponents(year: 2027, month: 2, day: 28, hour: 23, minute: 59, second: 59, weekday: 1), repeats: false))
    }

    @Test func repeatsDefaultsToFalse() throws {
        #expect(try decode(#"{"timeInterval": 5}"#)?.repeats == false)
        #expect(try decode(#"{"dateComponents": {"hour": 9}}"#)?.repeats == false)
    }

    @Test func missingOrNullTriggerMeansNow() throws {
        #expect(try ModelJSON.decodeRequest(#"{"content": {}}"#).trigger == nil)
        #expect(try decode("null") == nil)
    }

    // MARK: shape errors (InvalidJSON)

    @Test func unknownTriggerField() {
        expectModelError(.invalidJSON, mentions: ["trigger: unknown field 'repeat' in trigger", "did you mean 'repeats'?",
                                                  "known fields: timeInterval, dateComponents, repeats"]) {
            _ = try decode(#"{"timeInterval": 60, "repeat": true}"#)
        }
    }

    @Test func unknownComponent() {
        expectModelError(.invalidJSON, mentions: ["trigger.dateComponents: unknown field 'minutes' in dateComponents",
                                                  "did you mean 'minute'?", "year, month, day, hour, minute, second, weekday"]) {
            _ = try decode(#"{"dateComponents": {"hour": 9, "minutes": 30}}"#)
        }
        expectModelError(.invalidJSON, mentions: ["unknown field 'weekOfYear' in dateComponents"]) {
            _ = try decode(#"{"dateComponents": {"weekOfYear": 3}}"#)
        }
    }

    @Test func bothShapes() {
        expectModelError(.invalidJSON, mentions: ["trigger: has both 'timeInterval' and 'dateComponents'", "not both"]) {
            _ = try decode(#"{"timeInterval": 60, "dateComponents": {"hour": 9}}"#)
        }
    }

    @Test func neitherShape() {
        expectModelError(.invalidJSON, mentions: ["trigger: needs 'timeInterval'", "or 'dateComponents'", "leave out 'trigger' to show the notification now"]) {
            _ = try decode(#"{"repeats": true}"#)
        }
    }

    @Test func componentsMustBeWholeNumbers() {
        expectModelError(.invalidJSON, mentions: ["trigger.dateComponents.hour: expected a whole number"]) {
            _ = try decode(#"{"dateComponents": {"hour": 9.5}}"#)
        }
        expectModelError(.invalidJSON, mentions: ["trigger.dateComponents.minute: expected a whole number"]) {
            _ = try decode(#"{"dateComponents": {"minute": "30"}}"#)
        }
    }

    @Test func wrongTypes() {
        expectModelError(.invalidJSON, mentions: ["trigger.timeInterval: expected a number, found a string"]) {
            _ = try decode(#"{"timeInterval": "60"}"#)
        }
        expectModelError(.invalidJSON, mentions: ["trigger.repeats: expected true or false"]) {
            _ = try decode(#"{"timeInterval": 60, "repeats": "yes"}"#)
        }
        expectModelError(.invalidJSON, mentions: ["trigger: expected an object"]) {
            _ = try decode("60")
        }
    }

    // MARK: rule errors (InvalidRequest, LimitExceeded)

    @Test(arguments: ["0", "-1", "-0.5"])
    func intervalMustBePositive(seconds: String) {
        expectModelError(.invalidRequest, mentions: ["trigger.timeInterval: is \(seconds) seconds; it must be more than 0",
                                                     "leave out 'trigger' to show it now"]) {
            _ = try decode(#"{"timeInterval": \#(seconds)}"#)
        }
    }

    @Test func repeatingIntervalNeedsSixtySeconds() throws {
        expectModelError(.invalidRequest, mentions: ["trigger.timeInterval: is 59.5 seconds, but a repeating trigger needs at least 60",
                                                     "use 60 or more, or set 'repeats' to false"]) {
            _ = try decode(#"{"timeInterval": 59.5, "repeats": true}"#)
        }
        #expect(try decode(#"{"timeInterval": 60, "repeats": true}"#) == .timeInterval(60, repeats: true))
        #expect(try decode(#"{"timeInterval": 30, "repeats": false}"#) == .timeInterval(30, repeats: false))
    }

    @Test func intervalLimit() throws {
        expectModelError(.limitExceeded, mentions: ["trigger.timeInterval: is 3155760001 seconds; the limit is 3155760000 seconds, about 100 years (timeIntervalSeconds)"]) {
            _ = try decode(#"{"timeInterval": 3155760001}"#)
        }
        #expect(try decode(#"{"timeInterval": 3155760000}"#) == .timeInterval(3_155_760_000, repeats: false))
        expectModelError(.limitExceeded, mentions: ["is 86401 seconds; the limit is 86400 seconds"]) {
            _ = try decode(#"{"timeInterval": 86401}"#, limits: Limits(timeIntervalSeconds: 86400))
        }
    }

    @Test func nonFiniteIntervalFromSwift() {
        for seconds in [Double.infinity, -.infinity, .nan] {
            expectModelError(.invalidRequest, mentions: ["trigger.timeInterval: is not a finite number"]) {
                try NotificationRequest(content: .init(), trigger: .timeInterval(seconds, repeats: false)).validate()
            }
        }
    }

    @Test func emptyComponents() {
        expectModelError(.invalidRequest, mentions: ["trigger.dateComponents: is empty; give at least one of year, month, day, hour, minute, second, weekday"]) {
            _ = try decode(#"{"dateComponents": {}, "repeats": true}"#)
        }
    }

    @Test(arguments: [
        ("year", 0, "give a year from 1 to 9999"), ("year", 10000, "give a year from 1 to 9999"),
        ("month", 0, "months run from 1 (January) to 12 (December)"), ("month", 13, "months run from 1"),
        ("day", 0, "days of the month run from 1 to 31"), ("day", 32, "days of the month run from 1 to 31"),
        ("hour", -1, "hours run from 0 to 23"), ("hour", 24, "hours run from 0 to 23"),
        ("minute", -1, "minutes run from 0 to 59"), ("minute", 60, "minutes run from 0 to 59"),
        ("second", -1, "seconds run from 0 to 59"), ("second", 60, "seconds run from 0 to 59"),
        ("weekday", 0, "weekdays run from 1 (Sunday) to 7 (Saturday)"), ("weekday", 8, "weekdays run from 1 (Sunday) to 7 (Saturday)"),
    ])
    func componentOutOfRange(name: String, value: Int, advice: String) {
        expectModelError(.invalidRequest, mentions: ["trigger.dateComponents.\(name): is \(value); \(advice)"]) {
            _ = try decode(#"{"dateComponents": {"\#(name)": \#(value)}}"#)
        }
    }

    @Test func componentBoundsAreAllowed() throws {
        let low = #"{"dateComponents": {"year": 1, "month": 1, "day": 1, "hour": 0, "minute": 0, "second": 0, "weekday": 1}}"#
        let high = #"{"dateComponents": {"year": 9999, "month": 12, "day": 31, "hour": 23, "minute": 59, "second": 59, "weekday": 7}}"#
        #expect(try decode(low) != nil)
        #expect(try decode(high) != nil)
    }

    @Test func impossibleOrPastDatesAreNotValidationErrors() throws {
        #expect(try decode(#"{"dateComponents": {"month": 2, "day": 30}, "repeats": true}"#) != nil)
        #expect(try decode(#"{"dateComponents": {"year": 2020, "month": 1, "day": 1}}"#) != nil)
    }

    @Test func unsupportedComponentsFromSwift() {
        var components = DateComponents(hour: 9)
        components.nanosecond = 5
        expectModelError(.invalidRequest, mentions: ["trigger.dateComponents: sets a component other than year, month, day, hour, minute, second, weekday"]) {
            try NotificationRequest(content: .init(), trigger: .calendar(components, repeats: true)).validate()
        }
        var zoned = DateComponents(hour: 9)
        zoned.timeZone = TimeZone(identifier: "UTC")
        expectModelError(.invalidRequest, mentions: ["user's current calendar and time zone are used"]) {
            try NotificationTrigger.calendar(zoned, repeats: false).validate()
        }
    }

    // MARK: encoding

    @Test func roundTrips() throws {
        let triggers: [NotificationTrigger] = [
            .timeInterval(2.5, repeats: false), .timeInterval(60, repeats: true),
            .calendar(DateComponents(hour: 9, minute: 30, weekday: 2), repeats: true),
            .calendar(DateComponents(year: 2030, month: 12, day: 31, hour: 23, minute: 59, second: 59), repeats: false),
            .calendar(DateComponents(weekday: 1), repeats: true),
        ]
        for trigger in triggers {
            let request = NotificationRequest(identifier: "r", content: .init(title: "T"), trigger: trigger)
            #expect(try ModelJSON.decodeRequest(ModelJSON.encode(request)) == request)
        }
        let requests = triggers.map { NotificationRequest(content: .init(), trigger: $0) }
        #expect(try ModelJSON.decodeRequests(ModelJSON.encode(requests)) == requests)
    }

    @Test func encodesApplesFieldNames() {
        let interval = NotificationRequest(content: .init(), trigger: .timeInterval(2.5, repeats: false))
        #expect(ModelJSON.encode(interval).hasSuffix(#","identifier":"","trigger":{"repeats":false,"timeInterval":2.5}}"#))
        let calendar = NotificationRequest(content: .init(), trigger: .calendar(DateComponents(hour: 9, minute: 30, weekday: 2), repeats: true))
        #expect(ModelJSON.encode(calendar).hasSuffix(#""trigger":{"dateComponents":{"hour":9,"minute":30,"weekday":2},"repeats":true}}"#))
        #expect(!ModelJSON.encode(NotificationRequest(content: .init())).contains("trigger"))
    }

    @Test func nonFiniteIntervalEncodesAsNull() {
        #expect(ModelJSON.encode(NotificationRequest(content: .init(), trigger: .timeInterval(.infinity, repeats: false)))
            .contains(#""trigger":{"repeats":false,"timeInterval":null}"#))
    }
}

@Suite struct TriggerDateTests {
    let berlin = gregorian("Europe/Berlin")
    let newYork = gregorian("America/New_York")

    /// The first fire date after `start`, then `count - 1` repeats, as ISO text in `calendar`'s zone.
    func fires(_ trigger: NotificationTrigger, from start: String, count: Int, in calendar: Calendar) -> [String] {
        var out: [String] = []
        var next = trigger.firstFireDate(addedAt: at(start), calendar: calendar)
        while let date = next, out.count < count {
            out.append(iso(date, calendar))
            next = trigger.nextFireDate(after: date, calendar: calendar)
        }
        return out
    }

    @Test func timeIntervalDates() {
        let added = at("2026-05-01T12:00:00Z")
        let once = NotificationTrigger.timeInterval(2.5, repeats: false)
        #expect(once.firstFireDate(addedAt: added, calendar: berlin) == added.addingTimeInterval(2.5))
        #expect(once.nextFireDate(after: added.addingTimeInterval(2.5), calendar: berlin) == nil)
        let minutely = NotificationTrigger.timeInterval(60, repeats: true)
        #expect(minutely.firstFireDate(addedAt: added, calendar: berlin) == at("2026-05-01T12:01:00Z"))
        #expect(minutely.nextFireDate(after: at("2026-05-01T12:07:30Z"), calendar: berlin) == at("2026-05-01T12:08:30Z"))
    }

    @Test func invalidTriggersNeverFire() {
        let added = at("2026-05-01T12:00:00Z")
        for trigger: NotificationTrigger in [.timeInterval(0, repeats: false), .timeInterval(-5, repeats: false),
                                             .timeInterval(30, repeats: true), .timeInterval(.nan, repeats: false),
                                             .calendar(DateComponents(), repeats: true),
                                             .calendar(DateComponents(hour: 24), repeats: true)] {
            #expect(trigger.firstFireDate(addedAt: added, calendar: berlin) == nil, "\(trigger)")
            #expect(trigger.nextFireDate(after: added, calendar: berlin) == nil, "\(trigger)")
        }
    }

    @Test func dailyAtNineIsStrictlyAfterAndZeroesSmallerComponents() {
        let daily = NotificationTrigger.calendar(DateComponents(hour: 9), repeats: true)
        #expect(fires(daily, from: "2026-01-01T10:17:42+01:00", count: 2, in: berlin)
                == ["2026-01-02T09:00:00+01:00", "2026-01-03T09:00:00+01:00"])
        #expect(fires(daily, from: "2026-01-01T09:00:00+01:00", count: 1, in: berlin) == ["2026-01-02T09:00:00+01:00"])
        #expect(fires(daily, from: "2026-01-01T08:59:59+01:00", count: 1, in: berlin) == ["2026-01-01T09:00:00+01:00"])
    }

    @Test func missingLargerComponentsMeanAny() {
        let hourly = NotificationTrigger.calendar(DateComponents(minute: 30), repeats: true)
        #expect(fires(hourly, from: "2026-01-01T10:45:00+01:00", count: 2, in: berlin)
                == ["2026-01-01T11:30:00+01:00", "2026-01-01T12:30:00+01:00"])
        let march = NotificationTrigger.calendar(DateComponents(month: 3), repeats: true)
        #expect(fires(march, from: "2026-03-15T00:00:00+01:00", count: 2, in: berlin)
                == ["2027-03-01T00:00:00+01:00", "2028-03-01T00:00:00+01:00"])
    }

    @Test func missingComponentsBetweenGivenOnesTakeTheirFirstValue() {
        // As Calendar matching reads them: 1 May at 09:00, not every day of May.
        let may = NotificationTrigger.calendar(DateComponents(month: 5, hour: 9), repeats: true)
        #expect(fires(may, from: "2026-05-08T00:00:00+02:00", count: 2, in: berlin)
                == ["2027-05-01T09:00:00+02:00", "2028-05-01T09:00:00+02:00"])
        // A weekday in a month without a day: its first occurrence (the first Thursday of May).
        let thursday = NotificationTrigger.calendar(DateComponents(month: 5, weekday: 5), repeats: true)
        #expect(fires(thursday, from: "2025-12-01T00:00:00+01:00", count: 2, in: berlin)
                == ["2026-05-07T00:00:00+02:00", "2027-05-06T00:00:00+02:00"])
        let monthlyAtHalfPast = NotificationTrigger.calendar(DateComponents(day: 1, minute: 30), repeats: true)
        #expect(fires(monthlyAtHalfPast, from: "2026-01-01T12:00:00+01:00", count: 2, in: berlin)
                == ["2026-02-01T00:30:00+01:00", "2026-03-01T00:30:00+01:00"])
    }

    @Test func theCalendarsTimeZoneDecides() {
        let daily = NotificationTrigger.calendar(DateComponents(hour: 9), repeats: true)
        let start = at("2026-06-01T00:00:00Z")
        #expect(daily.firstFireDate(addedAt: start, calendar: berlin) == at("2026-06-01T07:00:00Z"))
        #expect(daily.firstFireDate(addedAt: start, calendar: newYork) == at("2026-06-01T13:00:00Z"))
    }

    @Test func springForwardFiresAfterTheGap() {
        let daily = NotificationTrigger.calendar(DateComponents(hour: 2, minute: 30), repeats: true)
        #expect(fires(daily, from: "2026-03-27T12:00:00+01:00", count: 4, in: berlin)
                == ["2026-03-28T02:30:00+01:00", "2026-03-29T03:30:00+02:00", "2026-03-30T02:30:00+02:00", "2026-03-31T02:30:00+02:00"])
        #expect(fires(daily, from: "2026-03-07T12:00:00-05:00", count: 3, in: newYork)
                == ["2026-03-08T03:30:00-04:00", "2026-03-09T02:30:00-04:00", "2026-03-10T02:30:00-04:00"])
        let once = NotificationTrigger.calendar(DateComponents(year: 2026, month: 3, day: 29, hour: 2, minute: 30), repeats: false)
        #expect(fires(once, from: "2026-01-01T00:00:00Z", count: 2, in: berlin) == ["2026-03-29T03:30:00+02:00"])
    }

    @Test func fallBackFiresOnce() {
        let daily = NotificationTrigger.calendar(DateComponents(hour: 2, minute: 30), repeats: true)
        #expect(fires(daily, from: "2026-10-24T12:00:00+02:00", count: 3, in: berlin)
                == ["2026-10-25T02:30:00+02:00", "2026-10-26T02:30:00+01:00", "2026-10-27T02:30:00+01:00"])
        let nyDaily = NotificationTrigger.calendar(DateComponents(hour: 1, minute: 30), repeats: true)
        #expect(fires(nyDaily, from: "2026-10-31T12:00:00-04:00", count: 2, in: newYork)
                == ["2026-11-01T01:30:00-04:00", "2026-11-02T01:30:00-05:00"])
        // Added between the two 02:30s, the second is its first chance.
        #expect(fires(daily, from: "2026-10-25T02:45:00+02:00", count: 2, in: berlin)
                == ["2026-10-25T02:30:00+01:00", "2026-10-26T02:30:00+01:00"])
        // Hourly has no hour to repeat: both 02:30s are an hour apart and both fire.
        let hourly = NotificationTrigger.calendar(DateComponents(minute: 30), repeats: true)
        #expect(fires(hourly, from: "2026-10-25T01:00:00+02:00", count: 4, in: berlin)
                == ["2026-10-25T01:30:00+02:00", "2026-10-25T02:30:00+02:00", "2026-10-25T02:30:00+01:00", "2026-10-25T03:30:00+01:00"])
    }

    @Test func weekdaysCountFromSunday() {
        let monday = NotificationTrigger.calendar(DateComponents(hour: 9, minute: 30, weekday: 2), repeats: true)
        #expect(fires(monday, from: "2026-01-01T00:00:00+01:00", count: 2, in: berlin)  // a Thursday
                == ["2026-01-05T09:30:00+01:00", "2026-01-12T09:30:00+01:00"])
        let sunday = NotificationTrigger.calendar(DateComponents(weekday: 1), repeats: true)
        #expect(fires(sunday, from: "2026-01-01T00:00:00+01:00", count: 2, in: berlin)
                == ["2026-01-04T00:00:00+01:00", "2026-01-11T00:00:00+01:00"])
        let friday13 = NotificationTrigger.calendar(DateComponents(day: 13, weekday: 6), repeats: true)
        #expect(fires(friday13, from: "2026-01-01T00:00:00+01:00", count: 3, in: berlin)
                == ["2026-02-13T00:00:00+01:00", "2026-03-13T00:00:00+01:00", "2026-11-13T00:00:00+01:00"])
    }

    @Test func leapDayFiresInLeapYearsOnly() {
        let leapDay = NotificationTrigger.calendar(DateComponents(month: 2, day: 29, hour: 8), repeats: true)
        #expect(fires(leapDay, from: "2026-01-01T00:00:00+01:00", count: 2, in: berlin)
                == ["2028-02-29T08:00:00+01:00", "2032-02-29T08:00:00+01:00"])
    }

    @Test func februaryThirtiethNeverFires() {
        let never = NotificationTrigger.calendar(DateComponents(month: 2, day: 30), repeats: true)
        #expect(never.firstFireDate(addedAt: at("2026-01-01T00:00:00Z"), calendar: berlin) == nil)
        #expect(never.nextFireDate(after: at("2026-01-01T00:00:00Z"), calendar: berlin) == nil)
        let april31 = NotificationTrigger.calendar(DateComponents(month: 4, day: 31), repeats: false)
        #expect(april31.firstFireDate(addedAt: at("2026-01-01T00:00:00Z"), calendar: newYork) == nil)
    }

    @Test func dayThirtyOneSkipsShortMonths() {
        let monthly = NotificationTrigger.calendar(DateComponents(day: 31, hour: 12), repeats: true)
        #expect(fires(monthly, from: "2026-01-31T12:00:00+01:00", count: 4, in: berlin)
                == ["2026-03-31T12:00:00+02:00", "2026-05-31T12:00:00+02:00", "2026-07-31T12:00:00+02:00", "2026-08-31T12:00:00+02:00"])
    }

    @Test func pastDatesHaveNoFireDate() {
        let past = NotificationTrigger.calendar(DateComponents(year: 2020, month: 1, day: 1), repeats: false)
        #expect(past.firstFireDate(addedAt: at("2026-01-01T00:00:00Z"), calendar: berlin) == nil)
        let future = NotificationTrigger.calendar(DateComponents(year: 2027, month: 1, day: 1, hour: 8), repeats: false)
        #expect(future.firstFireDate(addedAt: at("2026-01-01T00:00:00Z"), calendar: berlin) == at("2027-01-01T08:00:00+01:00"))
        #expect(future.nextFireDate(after: at("2027-01-01T08:00:00+01:00"), calendar: berlin) == nil)
    }

    @Test func nonRepeatingCalendarTriggersDoNotRepeat() {
        let once = NotificationTrigger.calendar(DateComponents(hour: 9), repeats: false)
        #expect(once.firstFireDate(addedAt: at("2026-01-01T00:00:00Z"), calendar: berlin) == at("2026-01-01T09:00:00+01:00"))
        #expect(once.nextFireDate(after: at("2026-01-01T09:00:00+01:00"), calendar: berlin) == nil)
    }
}
