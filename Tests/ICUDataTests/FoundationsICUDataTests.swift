import Foundation
import Testing
import TestSupport
@testable import ICUData

/// The package Foundation links (the toolchain's, from `scripts/icu-data --extract`), and what
/// packaging/icu-data-drop leaves of it for usernoted's release build.
@Suite struct FoundationsICUDataTests {
    static let whole: [UInt8] = {
        let file = TemporaryDirectory.root.appending(path: "usernoted-icu-\(getpid()).dat")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try? Command.run(repositoryRoot.appending(path: "scripts/icu-data").path, ["--extract", file.path])
        guard let result, result.succeeded, let bytes = try? Data(contentsOf: file) else {
            Issue.record("scripts/icu-data --extract failed: \(result?.errors ?? "not run")")
            return []
        }
        return Array(bytes)
    }()
    static let dropList = DropList((try? String(contentsOf: repositoryRoot.appending(path: "packaging/icu-data-drop"), encoding: .utf8)) ?? "")

    @Test func theToolchainsPackageIsReadAndWrittenBackByteForByte() throws {
        let package = try ICUDataPackage(Self.whole)
        #expect(package.items.count > 4000)
        let written = package.bytes
        let same = written.elementsEqual(Self.whole)  // compared outside #expect, which would print both 34 MB
        #expect(same, "\(written.count) bytes written for \(Self.whole.count) read")
    }

    /// What calendars and time zones need (calendar triggers, Focus schedules, summaries) stays:
    /// the rules of every zone, the locales' calendars and first weekdays; each pattern drops something.
    @Test func theDropListLeavesCalendarsAndTimeZonesAndDropsMostOfTheBytes() throws {
        var package = try ICUDataPackage(Self.whole)
        #expect(Self.dropList.unmatched(in: package) == [])
        package.items.removeAll(where: Self.dropList.drops)
        let kept = Set(package.items.map { String($0.path) })
        for needed in ["zoneinfo64.res", "timezoneTypes.res", "metaZones.res", "windowsZones.res", "supplementalData.res",
                       "likelySubtags.res", "root.res", "en.res", "en_US_POSIX.res", "de.res", "th.res", "fa.res", "ja.res", "pool.res"] {
            #expect(kept.contains(needed), "\(needed) was dropped")
        }
        #expect(!kept.contains { $0.hasPrefix("coll/") || $0.hasSuffix(".cnv") })
        #expect(package.bytes.count < Self.whole.count / 6, "\(package.bytes.count) of \(Self.whole.count) bytes kept")
    }
}
