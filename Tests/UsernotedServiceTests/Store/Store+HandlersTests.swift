import Foundation
import Testing
import TestSupport
import UserNotificationsCore
@testable import UsernotedService

/// The `handler` table: one handler per app, an object on the bus or a program.
@Suite struct StoreHandlersTests: StoreTestCase {
    let directory: URL

    init() throws { directory = try TemporaryDirectory.make(prefix: "usernoted-store") }

    @Test func aNewHandlerReplacesTheOldAndTheDefaultKeepsNoRow() async throws {
        let store = try reopen()
        try await store.setHandler(calendar, .exec(argv: ["/bin/true"]))
        try await store.setHandler(calendar, .bus(name: ":1.7", path: "/org/example/Handler"))
        try await store.setHandler(other, .exec(argv: ["/bin/true"]))
        #expect(try await reopen().allHandlers() == [
            calendar: .bus(name: ":1.7", path: "/org/example/Handler"), other: .exec(argv: ["/bin/true"]),
        ])

        try await store.setHandler(calendar, .application(calendar))
        try await store.removeHandler(other)
        #expect(try await reopen().allHandlers().isEmpty)
    }

    @Test func anExecHandlerThatNoLongerDecodesIsSkipped() async throws {
        let store = try reopen()
        try await store.setHandler(calendar, .exec(argv: ["/bin/true"]))
        try await store.setHandler(other, .exec(argv: ["/bin/false"]))
        try await store.corrupt("UPDATE handler SET argv_json = '[1' WHERE app_id = 'org.example.Other'")
        #expect(try await reopen().allHandlers() == [calendar: .exec(argv: ["/bin/true"])])
    }
}
