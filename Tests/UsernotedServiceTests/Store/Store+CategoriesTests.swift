import Foundation
import Testing
import TestSupport
import UserNotificationsCore
@testable import UsernotedService

/// The `category` table: each app's categories, replaced as a whole.
@Suite struct StoreCategoriesTests: StoreTestCase {
    let directory: URL

    init() throws { directory = try TemporaryDirectory.make(prefix: "usernoted-store") }

    @Test func aDamagedRowIsSkippedNotFatal() async throws {
        let store = try reopen()
        try await store.setCategories([], of: calendar)
        try await store.setCategories([], of: other)
        try await store.corrupt("UPDATE category SET json = '{not json' WHERE app_id = 'org.example.Other'")
        #expect(try await reopen().restored().categories == [calendar: []])
    }

    @Test func settingCategoriesAgainReplacesThemAll() async throws {
        let store = try reopen()
        let first = try ModelJSON.decodeCategories(#"[{"identifier":"A","actions":[]},{"identifier":"B","actions":[]}]"#)
        let second = try ModelJSON.decodeCategories(#"[{"identifier":"C","actions":[]}]"#)
        try await store.setCategories(first, of: calendar)
        try await store.setCategories(second, of: calendar)
        #expect(try await reopen().restored().categories == [calendar: second])
    }
}
