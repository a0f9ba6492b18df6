#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Fire dates of triggers.
///
/// A calendar trigger fires at the next instant, strictly after the given date, whose
/// wall-clock date and time in the given calendar (the user's, with its time zone) match
/// the components, as Foundation's `Calendar` matching (and so Apple's trigger) reads them:
/// components larger than the largest given one mean "any"; every missing component
/// smaller than it takes its first value — January, day 1 (or, with a `weekday`, that
/// weekday's first occurrence in the month), 0 for hour, minute and second. So `{"hour": 9}`
/// is 09:00:00 every day, `{"minute": 30}` every hour at :30, `{"month": 3}` 1 March 00:00,
/// `{"month": 5, "hour": 9}` 1 May 09:00 (not every day of May), `{"month": 5, "weekday": 5}`
/// the first Thursday of May, `{"day": 13, "weekday": 6}` every Friday the 13th. The policy:
///
/// - **Dates are matched strictly** (`Calendar.MatchingPolicy.strict`): a date that does not
///   exist is never rolled over. `{"month": 2, "day": 29}` fires only in leap years,
///   `{"day": 31}` only in months with 31 days, `{"month": 2, "day": 30}` never (nil).
///   Apple's trigger rolls such dates over to the next day (`nextTimePreservingSmallerComponents`:
///   "February 31" fires on 1 March); we do not, because a reminder for the 31st that
///   arrives on the 1st of the next month is a surprise, and an impossible date is better
///   reported (the daemon turns nil into an error) than silently moved.
/// - **A wall time skipped by a DST gap fires after the gap, shifted by the gap's length**
///   (Apple's policy for times, `nextTimePreservingSmallerComponents`): a daily 02:30 fires
///   at 03:30 on the spring-forward day in Europe/Berlin, and at 02:30 again the next day.
///   `.strict` alone would skip that day, and a missed daily reminder is worse than a late one.
/// - **A wall time repeated by a DST fold fires once, at its first occurrence**
///   (`Calendar.RepeatedTimePolicy.first`): a daily 02:30 fires at 02:30 summer time on the
///   fall-back day, not again an hour later. A trigger whose time has no component for the
///   hour (e.g. `{"minute": 30}`, hourly) fires in both repeated hours: they are an hour apart.
///   Added between the two occurrences, a daily trigger fires at the second one (its first
///   chance after being added).
///
/// A non-repeating calendar trigger whose date is in the past (e.g. year 2020) has no
/// fire date: ``NotificationTrigger/firstFireDate(addedAt:calendar:)`` returns nil, as
/// it does for a trigger that breaks the rules of ``Validation/validate(trigger:limits:)``.
extension NotificationTrigger {
    /// When a request added at `date` fires first; nil when it never can (e.g. Feb 30).
    public func firstFireDate(addedAt date: Date, calendar: Calendar) -> Date? {
        guard Validation.ruleViolation(in: self) == nil else { return nil }
        switch self {
        case .timeInterval(let seconds, _):
            return date.addingTimeInterval(seconds)
        case .calendar(let components, _):
            return Self.nextMatch(of: components, after: date, in: calendar)
        }
    }

    /// For a repeating trigger that fired (was due) at `date`: the next fire date strictly after it; nil when it does not repeat.
    public func nextFireDate(after date: Date, calendar: Calendar) -> Date? {
        guard repeats, Validation.ruleViolation(in: self) == nil else { return nil }
        switch self {
        case .timeInterval(let seconds, _):
            return date.addingTimeInterval(seconds)
        case .calendar(let components, _):
            return Self.nextMatch(of: components, after: date, in: calendar)
        }
    }

    /// The first instant after `date` matching `components` under the policy described above.
    static func nextMatch(of components: DateComponents, after date: Date, in calendar: Calendar) -> Date? {
        let wanted = filled(components)
        let exact = calendar.nextDate(after: date, matching: wanted, matchingPolicy: .strict,
                                      repeatedTimePolicy: .first, direction: .forward)
        // The rolling policy finds a time shifted past a DST gap; take it only when it is
        // earlier and still on a matching day (otherwise it is a rolled-over date).
        guard let shifted = calendar.nextDate(after: date, matching: wanted,
                                              matchingPolicy: .nextTimePreservingSmallerComponents,
                                              repeatedTimePolicy: .first, direction: .forward),
              shifted > date, shifted < (exact ?? .distantFuture),
              matchesDay(shifted, wanted, in: calendar)
        else { return exact }
        return shifted
    }

    /// `components` with every missing component smaller than the largest given one set to its
    /// first value (month and day 1, time 0; a weekday keeps the day open), as `Calendar` matching
    /// reads them, so the rolling policy cannot borrow them from the start date.
    static func filled(_ components: DateComponents) -> DateComponents {
        var result = components
        let given = [components.year, components.month, components.day ?? components.weekday,
                     components.hour, components.minute, components.second]
        guard let largest = given.firstIndex(where: { $0 != nil }) else { return result }
        let firsts: [(Int, WritableKeyPath<DateComponents, Int?>, Int)] = [
            (1, \.month, 1), (2, \.day, 1), (3, \.hour, 0), (4, \.minute, 0), (5, \.second, 0),
        ]
        for (level, path, first) in firsts where level > largest && given[level] == nil {
            result[keyPath: path] = first
        }
        return result
    }

    /// Whether `date` falls on a day matching the year, month, day and weekday of `components`.
    static func matchesDay(_ date: Date, _ components: DateComponents, in calendar: Calendar) -> Bool {
        let actual = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
        let paths: [KeyPath<DateComponents, Int?>] = [\.year, \.month, \.day, \.weekday]
        return paths.allSatisfy { components[keyPath: $0] == nil || components[keyPath: $0] == actual[keyPath: $0] }
    }
}
