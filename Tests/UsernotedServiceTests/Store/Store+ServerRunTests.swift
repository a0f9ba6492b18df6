import Foundation
import Testing
import TestSupport
@testable import UsernotedService

/// The `server_run` row: which run of the notification server shows the delivered rows' ids.
@Suite struct StoreServerRunTests: StoreTestCase {
    let directory: URL

    init() throws { directory = try TemporaryDirectory.make(prefix: "usernoted-store") }

    @Test func theLastServerRunRecordedIsKeptAcrossAReopen() async throws {
        let store = try reopen()
        #expect(try await store.readNow(store.serverRun) == nil, "none before a server was seen")
        try await store.setServerRun("bus-1 :1.4")
        try await store.setServerRun("bus-1 :1.9")
        #expect(try await reopen().restored().serverRun == "bus-1 :1.9")
    }
}
