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
        let seconds = Date(timeIntervalSince1970: Double(whole)).formatted(Date.ISO8601FormatStyle())
        guard fraction != 0, seconds.hasSuffix("Z") else { return seconds }
        let digits = String(fraction)
        return seconds.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }

    /// Reads a date with or without fractional seconds and with `Z` or an offset.
    public static func parse(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        return try? Date.ISO8601FormatStyle().parse(text)
    }
}
