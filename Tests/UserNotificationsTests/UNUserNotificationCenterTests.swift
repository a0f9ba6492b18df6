import Testing
import TestSupport
@testable import UserNotifications

struct UNUserNotificationCenterTests {
    @Test func currentIsTheTaskCenterWithinWithCurrent() async throws {
        let fake = try await FakeCenter()
        let center = try await fake.center(appID: "org.example.Other")
        #expect(UNUserNotificationCenter.current() === UNUserNotificationCenter.current())
        await UNUserNotificationCenter.withCurrent(center) {
            #expect(UNUserNotificationCenter.current() === center)
        }
        #expect(UNUserNotificationCenter.current() !== center)
    }

    @Test func everyCallNamesTheCentersAppID() async throws {
        let fake = try await FakeCenter()
        let center = try await fake.center(appID: "org.example.Other")
        center.removeAllPendingNotificationRequests()
        let call = try await fake.calls.next(within: .seconds(10), "call")
        #expect(call.method == "RemoveAllPending")
        #expect(call.arguments == [.string("org.example.Other")])
    }

    @Test func withoutADaemonCallsFailAsUnavailable() async throws {
        let bus = try PrivateBus()
        let center = UNUserNotificationCenter(appID: "org.example.Calendar", connection: try await bus.connect())
        await #expect { try await center.setBadgeCount(1) } throws: { ($0 as? UNError)?.code == .daemonUnavailable }
    }
}
