import Foundation
import Testing
import TestSupport
@testable import UserNotificationsCore

/// Checks calendar fire dates against a brute-force search that steps day by day.
@Suite struct TriggerPropertyTests {
    /// Random components: each field present with some chance; at least one.
    func randomComponents(startYear: Int, using g: inout SeededRandom) -> DateComponents {
        func maybe(_ chance: Double, _ range: ClosedRange<Int>) -> Int? {
            Double.random(in: 0..<1, using: &g) < chance ? Int.random(in: range, using: &g) : nil
        }
        var c = DateComponents(year: maybe(0.15, startYear - 1...startYear + 3), month: maybe(0.3, 1...12),
                               day: maybe(0.3, 1...31), hour: maybe(0.5, 0...23), minute: maybe(0.5, 0...59),
                               second: maybe(0.2, 0...59), weekday: maybe(0.25, 1...7))
        if c == DateComponents() { c.hour = Int.random(in: 0...23, using: &g) }
        if Bool.random(using: &g), c.hour != nil { c.hour = [1, 2, 3][Int.random(in: 0...2, using: &g)] }  // near DST changes
        return c
    }

    /// A random start: half anywhere in 2021–2029, half within two days of a DST change in that zone.
    func randomStart(in calendar: Calendar, using g: inout SeededRandom) -> Date {
        let year = Int.random(in: 2021...2029, using: &g)
        let anywhere = calendar.date(from: DateComponents(year: year, month: 1, day: 1))!
            .addingTimeInterval(Double.random(in: 0..<365 * 86400, using: &g).rounded())
        guard Bool.random(using: &g),
              let change = calendar.timeZone.nextDaylightSavingTimeTransition(after: anywhere) else { return anywhere }
        return change.addingTimeInterval(Double.random(in: -2 * 86400...2 * 86400, using: &g).rounded())
    }

    /// The first instant after `start` whose wall clock matches `c`, found by stepping through
    /// days and, within a matching day, through the allowed times in order. Reads `c` as
    /// `Calendar` does: above the largest given component anything goes; below it a missing
    /// component is its first value (a weekday without a day: its first occurrence in the month).
    /// A wall time that does not exist (DST gap) counts at the instant `Calendar.date(from:)`
    /// gives (shifted past the gap).
    func bruteForce(_ c: DateComponents, after start: Date, in calendar: Calendar) -> Date? {
        let given = [c.year != nil, c.month != nil, c.day != nil || c.weekday != nil,
                     c.hour != nil, c.minute != nil, c.second != nil]
        let largest = given.firstIndex(of: true)!
        func allowed(_ value: Int?, level: Int, _ range: ClosedRange<Int>) -> [Int] {
            if let value { return [value] }
            return level > largest ? [range.lowerBound] : Array(range)
        }
        let months = allowed(c.month, level: 1, 1...12)
        let days = c.day.map { [$0] } ?? (c.weekday == nil ? allowed(nil, level: 2, 1...31) : largest < 2 ? Array(1...7) : Array(1...31))
        let hours = allowed(c.hour, level: 3, 0...23), minutes = allowed(c.minute, level: 4, 0...59), seconds = allowed(c.second, level: 5, 0...59)
        let first = calendar.dateComponents([.year, .month, .day], from: start)
        var noon = calendar.date(from: DateComponents(year: first.year, month: first.month, day: first.day, hour: 12))!
        for _ in 0..<(366 * 30) {
            let day = calendar.dateComponents([.year, .month, .day, .weekday], from: noon)
            if let year = c.year, day.year! > year { return nil }
            if c.year.map({ $0 == day.year }) ?? true, months.contains(day.month!), days.contains(day.day!),
               c.weekday.map({ $0 == day.weekday }) ?? true {
                for h in hours { for m in minutes { for s in seconds {
                    let wall = DateComponents(year: day.year, month: day.month, day: day.day, hour: h, minute: m, second: s)
                    if let instant = calendar.date(from: wall), instant > start { return instant }
                } } }
            }
            noon = calendar.date(byAdding: .day, value: 1, to: noon)!
        }
        return nil
    }

    /// Whether the wall clock at `date` is ambiguous (the hour repeated when clocks go back).
    func inRepeatedHour(_ date: Date, _ calendar: Calendar) -> Bool {
        let wall = { calendar.dateComponents([.hour, .minute, .second], from: $0) }
        return wall(date) == wall(date.addingTimeInterval(3600)) || wall(date) == wall(date.addingTimeInterval(-3600))
    }

    @Test(arguments: ["UTC", "Europe/Berlin", "America/New_York"])
    func calendarFireDatesAreTheFirstMatchAfterTheStart(zone: String) {
        let calendar = gregorian(zone)
        var g = SeededRandom(seed: UInt64(zone.utf8.count) &* 7919)
        var checked = 0
        for case_ in 0..<400 {
            let start = randomStart(in: calendar, using: &g)
            let components = randomComponents(startYear: calendar.component(.year, from: start), using: &g)
            // Inside the repeated hour "after the first occurrence" has two readings; see TriggerDates.swift.
            if inRepeatedHour(start, calendar) { continue }
            let trigger = NotificationTrigger.calendar(components, repeats: true)
            let fire = trigger.nextFireDate(after: start, calendar: calendar)
            let expected = bruteForce(components, after: start, in: calendar)
            let context = "case \(case_): \(components) after \(iso(start, calendar))"
            #expect(fire == expected, "\(context): got \(fire.map { iso($0, calendar) } ?? "nil")")
            #expect(trigger.firstFireDate(addedAt: start, calendar: calendar) == fire, "\(context)")
            if let fire {
                #expect(fire > start, "\(context)")
                let actual = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: fire)
                for (_, path) in TriggerDateComponents.fields where components[keyPath: path] != nil {
                    if components[keyPath: path] == actual[keyPath: path] { continue }
                    // Only a wall time skipped by a DST gap may differ, and only in its time of day.
                    let skipped = calendar.date(from: DateComponents(year: actual.year, month: actual.month, day: actual.day,
                                                                     hour: components.hour ?? actual.hour, minute: components.minute ?? actual.minute,
                                                                     second: components.second ?? 0))!
                    #expect([\DateComponents.hour, \.minute].contains(path) && calendar.component(.hour, from: skipped) != (components.hour ?? actual.hour),
                            "\(context): \(path) differs at \(fire)")
                }
            }
            checked += 1
        }
        #expect(checked > 300)
    }
}
