#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// ISO 8601 dates as they appear in JSON: UTC, `Z`, milliseconds only when not whole.
public enum ISO8601Date {
    /// `2026-11-23T08:15:00Z`, or `2026-11-23T08:15:00.250Z` with a fraction, rounded to the
    /// millisecond. The milliseconds are written from the integer count: Foundation's style
    /// truncates the binary fraction, so .6 s came out as .599 and each read and write of a
    /// stored response moved its date back a millisecond (found by `make fuzz`, response target).
    public static func format(_ date: Date) -> String {
        guard let millis = Int64(exactly: (date.timeIntervalSince1970 * 1000).rounded()) else {
            return date.formatted(Date.ISO8601FormatStyle())  // beyond any calendar we read
        }
        var (whole, fraction) = millis.quotientAndRemainder(dividingBy: 1000)
        if fraction < 0 { (whole, fraction) = (whole - 1, fraction + 1000) }
        return utc(whole, milliseconds: fraction) ?? styled(whole, milliseconds: fraction)
    }

    /// `seconds` since 1970 and `milliseconds` written by `Date.ISO8601FormatStyle`, with the
    /// milliseconds added when not 0.
    static func styled(_ seconds: Int64, milliseconds: Int64) -> String {
        let text = Date(timeIntervalSince1970: Double(seconds)).formatted(Date.ISO8601FormatStyle())
        guard milliseconds != 0, text.hasSuffix("Z") else { return text }
        let digits = String(milliseconds)
        return text.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }

    /// What ``styled(_:milliseconds:)`` writes, from the counts alone (days to a Gregorian
    /// date, as in Howard Hinnant's `civil_from_days`): a response's date is written for every
    /// action, and the style's calendar cost about 20 times as much. Nil before 1970 or after
    /// 9999, left to the style.
    static func utc(_ seconds: Int64, milliseconds: Int64) -> String? {
        guard seconds >= 0, seconds < 253_402_300_800 else { return nil }  // 1970 to the end of 9999
        let (days, time) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let shifted = days + 719_468  // days since 0000-03-01, when leap days come last
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return String(unsafeUninitializedCapacity: 24) { buffer in
            var end = 0
            /// Writes `value` in `digits` digits, then `separator`.
            func put(_ value: Int64, _ digits: Int, then separator: Unicode.Scalar) {
                var value = value
                for place in stride(from: end + digits - 1, through: end, by: -1) {
                    buffer[place] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                buffer[end + digits] = UInt8(ascii: separator)
                end += digits + 1
            }
            put(year, 4, then: "-")
            put(month, 2, then: "-")
            put(day, 2, then: "T")
            put(time / 3600, 2, then: ":")
            put(time / 60 % 60, 2, then: ":")
            if milliseconds == 0 {
                put(time % 60, 2, then: "Z")
            } else {
                put(time % 60, 2, then: ".")
                put(milliseconds, 3, then: "Z")
            }
            return end
        }
    }

    /// Reads a date with or without fractional seconds and with `Z` or an offset.
    public static func parse(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        return try? Date.ISO8601FormatStyle().parse(text)
    }
}
