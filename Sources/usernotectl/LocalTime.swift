#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import UserNotificationsCore

/// The user's wall clock, from the C library (the `TZ` variable, else `/etc/localtime`):
/// usernotectl links FoundationEssentials alone, whose calendar counts in UTC, not the
/// internationalization library with the time zone database (a fifth of its start-up).
enum LocalTime {
    /// The next `hour`:`minute` on the wall clock after `now` (today's, or tomorrow's once it has passed).
    static func next(hour: Int, minute: Int, after now: Date) -> Date? {
        for daysAhead in 0...1 {
            guard var fields = fields(of: now) else { return nil }
            (fields.tm_mday, fields.tm_hour, fields.tm_min, fields.tm_sec) = (fields.tm_mday + Int32(daysAhead), Int32(hour), Int32(minute), 0)
            if let date = date(&fields), date > now { return date }
        }
        return nil
    }

    /// The instant the wall clock shows `components` (year, month, day, hour, minute, second;
    /// out-of-range ones carry over); nil beyond what the C library counts.
    static func date(_ components: DateComponents) -> Date? {
        let given = [components.year ?? 1970, components.month ?? 1, components.day ?? 1,
                     components.hour ?? 0, components.minute ?? 0, components.second ?? 0]
        let values = given.compactMap { Int32(exactly: $0) }
        guard values.count == 6, values[0] > Int32.min + 1900 else { return nil }
        var fields = tm()
        (fields.tm_year, fields.tm_mon, fields.tm_mday) = (values[0] - 1900, values[1] - 1, values[2])
        (fields.tm_hour, fields.tm_min, fields.tm_sec) = (values[3], values[4], values[5])
        return date(&fields)
    }

    /// `date` on the wall clock, as `2026-11-25 18:00`.
    static func text(_ date: Date) -> String {
        guard var fields = fields(of: date) else { return ISO8601Date.format(date) }
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M", &fields)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The wall clock's fields at `date`.
    private static func fields(of date: Date) -> tm? {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var fields = tm()
        return localtime_r(&seconds, &fields) == nil ? nil : fields
    }

    /// The instant of `fields` on the wall clock (out-of-range fields carry over, as in `mktime`;
    /// daylight saving time as the zone has it then).
    private static func date(_ fields: inout tm) -> Date? {
        fields.tm_isdst = -1
        let seconds = mktime(&fields)
        return seconds == -1 ? nil : Date(timeIntervalSince1970: Double(seconds))
    }
}
