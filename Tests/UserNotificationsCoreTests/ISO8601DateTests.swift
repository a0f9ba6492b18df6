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

    @Test func parsesOffsetsAndRejectsNonsense() {
        #expect(ISO8601Date.parse("2026-11-23T09:15:00+01:00") == Date(timeIntervalSince1970: 1_795_421_700))
        #expect(ISO8601Date.parse("23/11/2026") == nil)
        #expect(ISO8601Date.parse("") == nil)
    }
}
