import Foundation
import Testing
import TestSupport
import UserNotificationsCore
@testable import UsernotedService

/// The `service_extension` and `extension_run` tables: each app's extension, and the requests a
/// killed daemon left with their extension.
@Suite struct StoreServiceExtensionsTests: StoreTestCase {
    let directory: URL

    init() throws { directory = try TemporaryDirectory.make(prefix: "usernoted-store") }

    @Test func anExtensionIsKeptUntilRemoved() async throws {
        let store = try reopen()
        try await store.setServiceExtension(calendar, argv: ["/bin/cat"])
        try await store.setServiceExtension(calendar, argv: ["/usr/bin/decrypt", "--key", "k"])
        try await store.setServiceExtension(other, argv: ["/bin/true"])
        #expect(try await reopen().restored().serviceExtensions == [calendar: ["/usr/bin/decrypt", "--key", "k"], other: ["/bin/true"]])
        try await store.removeServiceExtension(other)
        #expect(try await reopen().restored().serviceExtensions == [calendar: ["/usr/bin/decrypt", "--key", "k"]])
    }

    @Test func aRunIsKeptUntilItsNotificationIsShownAndRemembersBeingResumed() async throws {
        let store = try reopen()
        try await store.queueExtensionRun(request("a", title: "New message"), of: calendar, at: Date(timeIntervalSince1970: 1)).value
        try await store.queueExtensionRun(request("b"), of: other, at: Date(timeIntervalSince1970: 2)).value
        try await store.markExtensionRunResumed(other, identifier: "b")
        let runs = try await reopen().extensionRuns()
        #expect(runs.map(\.app) == [calendar, other])
        #expect(runs.map(\.request) == [request("a", title: "New message"), request("b")])
        #expect(runs.map(\.resumed) == [false, true])
        try await store.removeExtensionRun(request("a", title: "New message"), of: calendar)
        #expect(try await reopen().extensionRuns().map(\.request.identifier) == ["b"])
    }

    @Test func aRunReplacedByOneWithTheSameIdentifierIsNotForgottenWhenTheFirstEnds() async throws {
        let store = try reopen()
        try await store.queueExtensionRun(request("c", title: "first"), of: calendar, at: Date(timeIntervalSince1970: 1)).value
        try await store.queueExtensionRun(request("c", title: "second"), of: calendar, at: Date(timeIntervalSince1970: 2)).value
        try await store.removeExtensionRun(request("c", title: "first"), of: calendar)
        #expect(try await reopen().extensionRuns().map(\.request) == [request("c", title: "second")])
        try await store.removeExtensionRun(request("c", title: "second"), of: calendar)
        #expect(try await reopen().extensionRuns().isEmpty)
    }
}
