import Foundation

/// A wall-clock time of day, `HH:MM` in config.toml.
struct TimeOfDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    var hour: Int
    var minute: Int

    /// `text` as `HH:MM` (00:00 to 23:59); nil otherwise.
    init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 }),
              let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        self.hour = hour
        self.minute = minute
    }

    var description: String { String(format: "%02d:%02d", hour, minute) }

    static func < (a: TimeOfDay, b: TimeOfDay) -> Bool { (a.hour, a.minute) < (b.hour, b.minute) }

    /// This time on the day of `date` in `calendar` (a time a DST gap skips: the first instant after it).
    func on(_ date: Date, in calendar: Calendar) -> Date? {
        calendar.date(bySettingHour: hour, minute: minute, second: 0, of: date)
    }

    /// The first instant after `date` at which the wall clock of `calendar` shows one of `times`.
    static func next(of times: [TimeOfDay], after date: Date, in calendar: Calendar) -> Date? {
        let today = calendar.startOfDay(for: date)
        return (0...2).lazy.compactMap { calendar.date(byAdding: .day, value: $0, to: today) }
            .flatMap { day in times.compactMap { $0.on(day, in: calendar) } }
            .filter { $0 > date }.min()
    }
}

/// A time range on some days of the week during which Focus is on: a `[[focus.schedule]]`
/// of config.toml. A range whose end is not after its start ends the next day (22:00–07:00);
/// `days` are the days it starts on.
struct FocusSchedule: Sendable, Hashable, Decodable {
    /// The days it starts on, as `Calendar` weekdays (1 Sunday … 7 Saturday).
    var days: Set<Int>
    var start: TimeOfDay
    var end: TimeOfDay

    /// The names `days` takes, Sunday first (the weekday number is the index plus one).
    static let dayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

    /// A schedule from `start` to `end` on `days` (every day by default).
    init(days: Set<Int> = Set(1...7), start: TimeOfDay, end: TimeOfDay) {
        self.days = days
        self.start = start
        self.end = end
    }

    /// The stretches of this schedule that start on the day of `date` and the days around it.
    private func spans(around date: Date, in calendar: Calendar) -> [Range<Date>] {
        let today = calendar.startOfDay(for: date)
        return (-1...7).compactMap { offset -> Range<Date>? in
            guard let day = calendar.date(byAdding: .day, value: offset, to: today),
                  days.contains(calendar.component(.weekday, from: day)),
                  let from = start.on(day, in: calendar) else { return nil }
            let endDay = end > start ? day : calendar.date(byAdding: .day, value: 1, to: day)
            guard let endDay, let to = end.on(endDay, in: calendar), to > from else { return nil }
            return from..<to
        }
    }

    /// Whether Focus is on by this schedule at `date`.
    func isActive(at date: Date, in calendar: Calendar) -> Bool {
        spans(around: date, in: calendar).contains { $0.contains(date) }
    }

    /// The first instant after `date` at which this schedule turns Focus on or off.
    func nextChange(after date: Date, in calendar: Calendar) -> Date? {
        spans(around: date, in: calendar).flatMap { [$0.lowerBound, $0.upperBound] }.filter { $0 > date }.min()
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case days, start, end }

    init(from decoder: any Decoder) throws {
        try ConfigKeys.refuseUnknown(in: decoder, known: CodingKeys.allCases.map(\.rawValue), table: "[focus.schedule]")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func time(_ key: CodingKeys) throws -> TimeOfDay {
            let text = try c.decode(String.self, forKey: key)
            guard let time = TimeOfDay(text) else {
                throw ConfigError("focus.schedule.\(key.rawValue): \"\(text)\" is not a time; write it as HH:MM, e.g. \"22:00\"")
            }
            return time
        }
        start = try time(.start)
        end = try time(.end)
        let names = try c.decodeIfPresent([String].self, forKey: .days)
        days = Set(1...7)
        if let names {
            days = try Set(names.map { name in
                guard let index = Self.dayNames.firstIndex(of: String(name.lowercased().prefix(3))), name.count >= 3 else {
                    throw ConfigError("focus.schedule.days: \"\(name)\" is not a day; use \(Self.dayNames.joined(separator: ", "))")
                }
                return index + 1
            })
        }
    }
}
