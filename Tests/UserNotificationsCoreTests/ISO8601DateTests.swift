#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
@testable import UserNotificationsCore

@Suite struct ISO8601DateTests {
    @Test func wholeSecondsHaveNoFraction() {
        #expect(ISO8601Date.format(Date(timeIntervalSince1970: 1_795_421_700)) == "2026-11-23T08:15:00Z")
    }

    @Test func fractionsKeepMilliseconds() throws {
        let date = Date(timeIntervalSince1970: 1_795_421_700.25)
        #expect(ISO8601Date.format(date) == "2026-11-23T08:15:00.250Z")
        #expect(ISO8601Date.parse("2026-11-23T08:15:00.250Z") == date)
    }

    /// Found by the response fuzzer: .6 s was written as .599, and a stored response's date
    /// moved back a millisecond each time it was read and written again.
    @Test func everyMillisecondIsWrittenAsItIsAndSurvivesRereading() throws {
        for millis in 0..<1000 {
            let text = "2026-01-01T00:00:00.\(String(repeating: "0", count: 3 - String(millis).count))\(millis)Z"
            let expected = millis == 0 ? "2026-01-01T00:00:00Z" : text
            let date = Date(timeIntervalSince1970: 1_767_225_600 + Double(millis) / 1000)
            #expect(ISO8601Date.format(date) == expected)
            let reread = try #require(ISO8601Date.parse(ISO8601Date.format(date)))
            #expect(ISO8601Date.format(reread) == expected)
        }
        #expect(ISO8601Date.format(try #require(ISO8601Date.parse("2026-01-01T00:00:00.6Z"))) == "2026-01-01T00:00:00.600Z")
        #expect(ISO8601Date.format(Date(timeIntervalSince1970: -0.25)) == "1969-12-31T23:59:59.750Z")
    }

    /// The direct writer writes what `Date.ISO8601FormatStyle` writes, over its whole range
    /// (about 32 000 points a prime stride apart, with and without milliseconds) and at the
    /// days that trip calendars up: leap days, the ends of years and centuries, its last second.
    @Test func datesAreWrittenAsTheFormatStyleWritesThem() {
        let edges: [Int64] = [
            0, 59, 86_399, 86_400, 68_169_599, 68_169_600, 951_782_400, 951_868_799, 951_868_800, 978_307_199,
            4_107_542_399, 4_107_542_400, 4_102_444_800, 253_402_300_799,
        ]
        for (index, seconds) in (edges + Array(stride(from: Int64(0), to: 253_402_300_800, by: 7_919_993))).enumerated() {
            let milliseconds = Int64(index % 3 == 0 ? 0 : index % 1000)
            #expect(ISO8601Date.utc(seconds, milliseconds: milliseconds) == ISO8601Date.styled(seconds, milliseconds: milliseconds), "\(seconds)")
        }
        #expect(ISO8601Date.utc(-1, milliseconds: 0) == nil)
        #expect(ISO8601Date.utc(253_402_300_800, milliseconds: 0) == nil)
        #expect(ISO8601Date.format(Date(timeIntervalSince1970: 253_402_300_800.5)) == "10000-01-01T00:00:00.500Z")
    }

    @Test func parsesOffsetsAndRejectsNonsense() {
        #expect(ISO8601Date.parse("2026-11-23T09:15:00+01:00") == Date(timeIntervalSince1970: 1_795_421_700))
        #expect(ISO8601Date.parse("23/11/2026") == nil)
        #expect(ISO8601Date.parse("") == nil)
    }
}
