import Foundation
import Testing
import TestSupport
import UserNotificationsCore
@testable import UsernotedService

/// The `app_settings` table: the user's settings of each app, kept across restarts.
@Suite struct StoreSettingsTests: StoreTestCase {
    let directory: URL

    init() throws { directory = try TemporaryDirectory.make(prefix: "usernoted-store") }

    @Test func settingsAreKeptAcrossAReopenAndADamagedRowIsSkipped() async throws {
        let store = try reopen()
        var denied = AppSettings()
        denied.authorizationStatus = .denied
        denied.sound = false
        try await store.setSettings(denied, of: calendar)
        try await store.setSettings(AppSettings(), of: other)
        try await store.corrupt("UPDATE app_settings SET json = '{\"sound\": 3}' WHERE app_id = 'org.example.Other'")
        #expect(try await reopen().restored().settings == [calendar: denied])
    }
}
