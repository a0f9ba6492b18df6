import EventLoop
import Foundation
import Testing
import TestSupport
@testable import UsernotedService

/// The real timerfd: it wakes for a wall-clock date, including one already past, can be re-armed, and wakes on its loop.
@Suite struct WallClockTimerTests {
    @Test func wakesAtTheDateAndAgainWhenReArmed() async throws {
        let wakes = Inbox<Date>()
        let timer = WallClockTimer { wakes.put(Date()) }
        let due = Date().addingTimeInterval(0.2)
        timer.arm(at: due)
        #expect(try await wakes.next(within: .seconds(5), "the first wake-up") >= due)

        timer.arm(at: Date(timeIntervalSince1970: 0))  // long past: at once
        _ = try await wakes.next(within: .seconds(5), "the wake-up for a past date")
        #expect(wakes.pending.isEmpty)
    }

    @Test func wakesOnItsLoopsThread() async throws {
        let loop = LoopThread(name: "test.wallclock")
        let onLoop = Inbox<Bool>()
        let timer = WallClockTimer(loop: loop) { onLoop.put(loop.isCurrent) }
        timer.arm(at: Date())
        #expect(try await onLoop.next(within: .seconds(5), "the wake-up"))
    }
}
