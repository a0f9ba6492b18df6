import Foundation
import Logging
import Testing
import TestSupport
import UserNotificationsCore
import UsernotedAPI
@_spi(Benchmarks) @testable import UsernotedService

/// The categories each app registered: kept in the store, restored at start, looked up by id.
@Suite struct CategoryRegistryTests {
    let store: Store
    let app = AppID.test("org.example.Calendar")
    static let meeting = #"[{"identifier":"MEETING","actions":[{"identifier":"JOIN","title":"Join"}]}]"#

    init() throws {
        store = try Store(directory: try TemporaryDirectory.make(prefix: "usernoted-categories"), logger: Logger(label: "test"))
    }

    @Test func whatIsSetIsLookedUpAndRestoredByTheNextRun() async throws {
        let registry = CategoryRegistry(store: store)
        try await registry.set(app, json: Self.meeting, limits: .default)
        #expect(try registry.category("MEETING", of: app)?.actions.map(\.identifier) == ["JOIN"])
        let restarted = CategoryRegistry(store: store)
        #expect(restarted.json(of: app) == "[]")
        restarted.restore(try await store.readNow(store.allCategories))
        #expect(restarted.json(of: app) == registry.json(of: app))
    }

    @Test func theEmptyIdIsNoCategoryAndAnUnknownOneIsNamedWithTheKnownOnes() async throws {
        let registry = CategoryRegistry(store: store)
        #expect(try registry.category("", of: app) == nil)
        try await registry.set(app, json: Self.meeting, limits: .default)
        #expect { try registry.category("CALL", of: app) } throws: { error in
            guard let error = error as? CenterError else { return false }
            return error.name == .unknownCategory && error.message.contains("known: MEETING")
        }
    }
}
