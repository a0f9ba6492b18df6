import Foundation
import Testing
import TestSupport
@testable import DBus

@Suite struct BusTests {
    @Test func requestNameReportsOwnershipAndConflicts() async throws {
        let bus = try PrivateBus()
        let (first, second) = (try await bus.connect(), try await bus.connect())
        #expect(try await first.requestName("org.example.Owned") == .primaryOwner)
        #expect(try await first.requestName("org.example.Owned") == .alreadyOwner)
        #expect(try await second.requestName("org.example.Owned") == .exists)
        #expect(try await second.nameOwner("org.example.Owned") == first.uniqueName)
        #expect(try await first.releaseName("org.example.Owned"))
        #expect(try await second.nameOwner("org.example.Owned") == nil)
    }

    @Test func nameOwnerChangesFollowAppearAndVanish() async throws {
        let bus = try PrivateBus()
        let watcher = try await bus.connect()
        let changes = try await watcher.nameOwnerChanges(of: "org.example.Comes")
        let owner = try await bus.connect()
        _ = try await owner.requestName("org.example.Comes")
        owner.close()
        var seen: [Bus.NameOwnerChange] = []
        for await change in changes {
            seen.append(change)
            if seen.count == 2 { break }
        }
        #expect(seen == [
            .init(name: "org.example.Comes", oldOwner: "", newOwner: owner.uniqueName),
            .init(name: "org.example.Comes", oldOwner: owner.uniqueName, newOwner: ""),
        ])
    }

    @Test func credentialsNameThePeersProcessAndUser() async throws {
        let bus = try PrivateBus()
        let (a, b) = (try await bus.connect(), try await bus.connect())
        let credentials = try await a.credentials(of: b.uniqueName)
        #expect(credentials.processID == UInt32(ProcessInfo.processInfo.processIdentifier))
        #expect(credentials.userID == UInt32(getuid()))
    }
}
