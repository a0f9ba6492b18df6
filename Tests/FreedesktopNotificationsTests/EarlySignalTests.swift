import DBus
import Foundation
import Testing
import TestSupport
import UserNotificationsCore
@testable import FreedesktopNotifications

/// A server that signals the instant it has answered `Notify` (the benchmarks' raw-libdbus
/// fake server, `bench-fake-server --invoke`): the signal can reach the bridge before the
/// reply's id does, and must still be routed.
@Suite struct EarlySignalTests {
    @Test func anActionSentRightAfterTheNotifyReplyStillReachesTheApp() async throws {
        let bus = try PrivateBus()
        let watcher = try await bus.connect()
        let owners = try await watcher.nameOwnerChanges(of: NotificationsServer.busName)
        let (server, _) = try ManagedProcess.start(
            DaemonProcess.productsDirectory.appending(path: "bench-fake-server").path,
            ["--invoke", BridgeHarness.app.rawValue], environment: bus.environment)
        defer { server.stop() }
        _ = try await withDeadline(.seconds(10), "bench-fake-server owning its name") {
            for await change in owners where !change.newOwner.isEmpty { return true }
            return false
        }
        let connection = try await bus.connect()
        let bridge = NotificationBridge(connection: connection)
        try await bridge.start()
        let interactions = Inbox<Interaction>()
        let stream = bridge.interactions
        let consumer = Task { for await interaction in stream { interactions.put(interaction) } }
        defer { consumer.cancel() }

        let count = 40
        for i in 0..<count {
            let request = NotificationRequest(identifier: "r\(i)", content: NotificationContent(title: "Title \(i)"))
            #expect(await bridge.show(appID: BridgeHarness.app, request: request, category: nil) != nil)
        }
        var seen: [String] = []
        for _ in 0..<count {
            let interaction = try await interactions.next(within: .seconds(10), "the action on notification \(seen.count)")
            #expect(interaction.actionIdentifier == NotificationResponse.defaultActionIdentifier)
            seen.append(interaction.request.identifier)
        }
        #expect(seen == (0..<count).map { "r\($0)" })
    }
}
