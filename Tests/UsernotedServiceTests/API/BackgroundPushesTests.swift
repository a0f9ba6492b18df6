import Foundation
import Logging
import Testing
import TestSupport
import UserNotificationsCore
@_spi(Benchmarks) @testable import UsernotedService

/// The hourly budget of background pushes, on a clock the test sets: what is handed to the
/// router, what is held (the newest), when the timer wakes, and what a restart hands over.
@Suite struct BackgroundPushesTests {
    typealias RecordingTimer = SchedulerTests.RecordingTimer
    typealias TestClock = SchedulerTests.TestClock

    let directory: URL
    let app = AppID.test("org.example.Sync")

    init() throws { directory = try TemporaryDirectory.make(prefix: "usernoted-background") }

    /// Background pushes over a store in the test directory, and what reaches the router (each
    /// acknowledged as recorded, as the router does once it is in the outbox).
    func pushes(perHour: Int, clock: TestClock) throws -> (BackgroundPushes, Inbox<String>) {
        let store = try Store(directory: directory, logger: Logger(label: "test"))
        let background = BackgroundPushes(store: store, perHour: perHour, logger: Logger(label: "test"), now: { clock.now })
        let handed = Inbox<String>()
        Task {
            for await arrival in background.arrivals {
                handed.put(arrival.response.requestId + " " + ModelJSON.encode(arrival.response.notification.content.userInfo))
                arrival.recorded?.resume()
            }
        }
        return (background, handed)
    }

    @Test func pastTheBudgetTheNewestIsHeldUntilTheHourAllowsIt() async throws {
        let clock = TestClock()
        let timer = RecordingTimer()
        let (background, handed) = try pushes(perHour: 2, clock: clock)
        await background.start(timer: timer)
        for id in ["a", "b", "c", "d"] {
            try await background.received(id, of: app, userInfo: ["id": .string(id)])
            clock.advance(by: 60)
        }
        #expect(handed.pending == [#"a {"id":"a"}"#, #"b {"id":"b"}"#], "two within the hour; c and d held")
        #expect(try await handed.next(within: .seconds(5), "a") == #"a {"id":"a"}"#)
        #expect(try await handed.next(within: .seconds(5), "b") == #"b {"id":"b"}"#)
        #expect(timer.date == Date(timeIntervalSince1970: 1_900_000_000 + 3600), "an hour after a went out")
        clock.advance(by: 3600 - 4 * 60)
        await background.wake()
        #expect(try await handed.next(within: .seconds(5), "the newest held") == #"d {"id":"d"}"#)
        #expect(timer.date == nil, "nothing held: disarmed")
        #expect(handed.pending.isEmpty, "c was coalesced into d")
    }

    @Test func whatWasHeldWhenTheDaemonStoppedIsHandedOverAtStart() async throws {
        let clock = TestClock()
        do {
            let (background, _) = try pushes(perHour: 1, clock: clock)
            try await background.received("a", of: app, userInfo: [:])
            try await background.received("b", of: app, userInfo: ["n": .int(2)])
        }
        let (restarted, handed) = try pushes(perHour: 1, clock: clock)
        await restarted.start(timer: RecordingTimer())
        #expect(try await handed.next(within: .seconds(5), "the held push") == #"b {"n":2}"#)
    }
}
