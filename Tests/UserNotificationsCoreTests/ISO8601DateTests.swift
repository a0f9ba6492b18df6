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

    @Test func parsesOffsetsAndRejectsNonsense() {
        #expect(ISO8601Date.parse("2026-11-23T09:15:00+01:00") == Date(timeIntervalSince1970: 1_795_421_700))
        #expect(ISO8601Date.parse("23/11/2026") == nil)
        #expect(ISO8601Date.parse("") == nil)
    }
}
