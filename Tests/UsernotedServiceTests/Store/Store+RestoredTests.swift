import Foundation
import Logging
import Testing
import TestSupport
import UserNotificationsCore
@testable import UsernotedService

/// What a start restores, read by the thread that opens the store.
@Suite struct StoreRestoredTests: StoreTestCase {
    let directory: URL

    init() throws { directory = try TemporaryDirectory.make(prefix: "usernoted-store") }

    /// A store opening on a thread of its own, as the daemon's does, gives what the last run
    /// kept: the same as each table's own read.
    @Test func aStoreOpeningOnItsThreadGivesWhatTheLastRunKept() async throws {
        let store = try reopen()
        let categories = try categories()
        try await store.setCategories(categories, of: calendar)
        var denied = AppSettings()
        denied.authorizationStatus = .denied
        try await store.setSettings(denied, of: calendar)
        try await store.setServiceExtension(calendar, argv: ["/usr/bin/true"])
        let focus = FocusSetting(on: true, allow: [other])
        try await store.setFocus(focus)
        let held = HeldNotification(
            app: calendar, request: request("H"), category: categories[0], reason: .focus, date: Date(timeIntervalSince1970: 1_800_000_000))
        try await store.queueHeld(held).value
        try await store.setServerRun("bus-1 :1.9")
        await store.close()

        let opening = Store.opening(directory: directory, logger: Logger(label: "test"))
        let restored = try await opening.restored()
        #expect(restored.categories == [calendar: categories])
        #expect(restored.settings == [calendar: denied])
        #expect(restored.serviceExtensions == [calendar: ["/usr/bin/true"]])
        #expect(restored.focus == focus)
        #expect(restored.held == [held])
        #expect(restored.serverRun == "bus-1 :1.9")
        let read = try await opening.readNow(opening.allCategories)
        #expect(read == restored.categories, "the reader's connection reads the same")
        await opening.close()
    }

    /// A new store restores nothing.
    @Test func aNewStoreRestoresNothing() async throws {
        let restored = try await Store.opening(directory: directory, logger: Logger(label: "test")).restored()
        #expect(restored.categories.isEmpty && restored.settings.isEmpty && restored.serviceExtensions.isEmpty)
        #expect(restored.held.isEmpty && restored.serverRun == nil && restored.focus == FocusSetting())
    }
}
