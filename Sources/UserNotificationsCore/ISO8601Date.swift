#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// ISO 8601 dates as they appear in JSON: UTC, `Z`, milliseconds only when not whole.
public enum ISO8601Date {
    /// `2026-11-23T08:15:00Z`, or `2026-11-23T08:15:00.250Z` with a fraction.
    public static func format(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        let millis = (seconds * 1000).rounded()
        if millis.truncatingRemainder(dividingBy: 1000) == 0 {
            return Date(timeIntervalSince1970: millis / 1000).formatted(Date.ISO8601FormatStyle())
        }
        return Date(timeIntervalSince1970: millis / 1000)
            .formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// Reads a date with or without fractional seconds and with `Z` or an offset.
    public static func parse(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        return try? Date.ISO8601FormatStyle().parse(text)
    }
}
