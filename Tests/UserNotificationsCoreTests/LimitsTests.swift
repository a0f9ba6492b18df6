#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
@testable import UserNotificationsCore

@Suite struct LimitsTests {
    @Test func defaults() {
        let limits = Limits.default
        #expect(limits.categoriesPerApp == 64)
        #expect(limits.actionsPerCategory == 10)
        #expect(limits.identifierLength == 256)
        #expect(limits.titleLength == 1024)
        #expect(limits.bodyLength == 16384)
        #expect(limits.userInfoBytes == 65536)
        #expect(limits.timeIntervalSeconds == 3_155_760_000)
        #expect(limits.attachmentBytes == 10 * 1024 * 1024)
    }

    @Test func configFilesMaySetTheAttachmentSize() throws {
        let limits = try ModelJSON.decode(Limits.self, from: #"{"attachmentBytes": 4096}"#, root: "limits")
        #expect(limits == Limits(attachmentBytes: 4096))
    }

    @Test func configFilesMayGiveAnySubset() throws {
        let limits = try ModelJSON.decode(Limits.self, from: #"{"actionsPerCategory": 4, "bodyLength": 200, "timeIntervalSeconds": 86400}"#, root: "limits")
        #expect(limits == Limits(actionsPerCategory: 4, bodyLength: 200, timeIntervalSeconds: 86400))
        #expect(try ModelJSON.decode(Limits.self, from: ModelJSON.encodeValue(limits), root: "limits") == limits)
    }

    @Test func configTyposAndNegativesAreErrors() {
        expectModelError(.invalidJSON, mentions: ["unknown field 'actionPerCategory' in limits", "did you mean 'actionsPerCategory'?"]) {
            _ = try ModelJSON.decode(Limits.self, from: #"{"actionPerCategory": 4}"#, root: "limits")
        }
        expectModelError(.invalidJSON, mentions: ["titleLength: must not be negative"]) {
            _ = try ModelJSON.decode(Limits.self, from: #"{"titleLength": -1}"#, root: "limits")
        }
    }
}
