import Foundation
import Testing
import TestSupport
@testable import EventLoop

/// The thread of a program's own: work in order on it, descriptors, timers, and no wakeups when idle.
@Suite struct LoopThreadTests {
    @Test func workScheduledFromManyThreadsRunsOnTheLoopOnePieceAtATimeInEachThreadsOrder() async throws {
        let loop = LoopThread(name: "test.order")
        let ran = Inbox<(thread: Int, step: Int, onLoop: Bool)>()
        #expect(!loop.isCurrent)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for step in 0..<250 { loop.schedule { ran.put((thread, step, loop.isCurrent)) } }
        }
        let done = Inbox<Void>()
        loop.schedule { done.put(()) }
        try await done.next(within: .seconds(10), "the last piece of work")
        let steps = ran.pending
        #expect(steps.count == 1000)
        #expect(steps.allSatisfy { $0.onLoop })
        for thread in 0..<4 {
            #expect(steps.filter { $0.thread == thread }.map(\.step) == Array(0..<250))
        }
    }

    @Test func runAndWaitReturnsWhatTheWorkComputedOnTheLoop() {
        let loop = LoopThread(name: "test.wait")
        let (value, onLoop) = loop.runAndWait { (6 * 7, loop.isCurrent) }
        #expect(value == 42)
        #expect(onLoop)
    }

    @Test func workForAnIdleLoopRunsAfterWhatIsScheduledOrAfterEightTurnsOfABusyOne() async throws {
        let loop = LoopThread(name: "test.whenidle")
        let ran = Inbox<String>()
        loop.schedule {
            loop.whenIdle { ran.put("idle") }
            loop.schedule { ran.put("scheduled") }
        }
        #expect(try await ran.next(within: .seconds(5), "the first") == "scheduled")
        #expect(try await ran.next(within: .seconds(5), "the second") == "idle")
        // Work that schedules itself for 20 turns keeps the loop busy.
        @Sendable func busy(_ turn: Int) {
            ran.put("turn \(turn)")
            if turn < 20 { loop.schedule { busy(turn + 1) } }
        }
        loop.schedule {
            loop.whenIdle { ran.put("idle") }
            busy(1)
        }
        var order: [String] = []
        while order.count < 21 { order.append(try await ran.next(within: .seconds(5), "turn or idle")) }
        #expect(order.firstIndex(of: "idle") == 8, "the idle work waited 8 turns, no longer: \(order)")
    }

    @Test func aWatchedDescriptorCallsItsHandlerWhenReadableAndStopsWhenCancelled() async throws {
        let loop = LoopThread(name: "test.watch")
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        let bytes = Inbox<UInt8>()
        let cancelled = Inbox<Void>()
        let reader = ends[0]
        let watch = loop.watch(reader, { _ in
            var byte: UInt8 = 0
            if read(reader, &byte, 1) == 1 { bytes.put(byte) }
        }, cancelled: { cancelled.put(()) })
        for byte: UInt8 in [7, 8] {
            var byte = byte
            #expect(write(ends[1], &byte, 1) == 1)
            let got = try await bytes.next(within: .seconds(5), "byte \(byte)")
            #expect(got == byte)
        }
        loop.runAndWait { watch.cancel() }
        try await cancelled.next(within: .seconds(5), "the cancel handler")
        var byte: UInt8 = 9
        #expect(write(ends[1], &byte, 1) == 1)
        try await Task.sleep(for: .milliseconds(100))
        #expect(bytes.pending.isEmpty, "nothing read after the cancel")
    }

    @Test func aWatchReportsWhatIsReadyForWhatItWaitsForAndWaitsForNothingWhenToldSo() async throws {
        let loop = LoopThread(name: "test.readiness")
        var ends: [Int32] = [0, 0]
        // Close-on-exec: a child another test starts meanwhile must not keep the writer open.
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0, &ends) == 0)
        defer { close(ends[0]) }
        let reports = Inbox<LoopWatch.Readiness>()
        let reader = ends[0]
        let watch = loop.watch(reader, for: .readable) { ready in
            reports.put(ready)
            var byte: UInt8 = 0
            if ready.contains(.readable) { _ = read(reader, &byte, 1) }
        }
        var byte: UInt8 = 1
        #expect(write(ends[1], &byte, 1) == 1)
        #expect(try await reports.next(within: .seconds(5), "readable") == .readable)
        // Out of epoll: neither a byte nor the writer's hang-up (which epoll reports unasked)
        // comes, nor wakes the loop.
        loop.runAndWait { watch.change(to: []) }
        #expect(write(ends[1], &byte, 1) == 1)
        close(ends[1])
        try await Task.sleep(for: .milliseconds(100))
        let loopThread = { try ProcessProbe.threads(of: getpid()).filter { $0.value.name == "test.readiness" } }
        let before = try loopThread()
        try await Task.sleep(for: .milliseconds(200))
        #expect(ProcessProbe.wakeups(from: before, to: try loopThread()).isEmpty, "the loop slept")
        #expect(reports.pending.isEmpty, "nothing reported while waiting for nothing")
        // Back in: the byte, and the hang-up (unasked; at once, or once a child that was
        // forked before the close has exec'd).
        loop.runAndWait { watch.change(to: .readable) }
        #expect(try await reports.next(within: .seconds(5), "the byte").contains(.readable))
        while try await !reports.next(within: .seconds(5), "the hang-up").contains(.hangUp) {}
        loop.runAndWait { watch.cancel() }
    }

    @Test func aTimerFiresAfterItsDelayAndARepeatingOneUntilCancelled() async throws {
        let loop = LoopThread(name: "test.timers")
        let start = ContinuousClock.now
        let fired = Inbox<Duration>()
        loop.schedule(afterNanoseconds: 80_000_000) { fired.put(ContinuousClock.now - start) }
        let delay = try await fired.next(within: .seconds(5), "the one-shot timer")
        #expect(delay >= .milliseconds(80))

        let ticks = Inbox<Void>()
        let repeating = loop.runAndWait { loop.repeating(everyMilliseconds: 10) { ticks.put(()) } }
        for tick in 1...3 { try await ticks.next(within: .seconds(5), "tick \(tick)") }
        loop.runAndWait { repeating.cancel() }
        let afterCancel = ticks.pending.count
        try await Task.sleep(for: .milliseconds(100))
        #expect(ticks.pending.count == afterCancel, "no tick after the cancel")
    }

    @Test func cancellingTheEarliestTimerLeavesTheLaterOnesDueAndAnIdleLoopNeverWakes() async throws {
        let name = "test.idle"
        let loop = LoopThread(name: name)
        let fired = Inbox<String>()
        let early = loop.runAndWait { loop.repeating(everyMilliseconds: 50) { fired.put("early") } }
        loop.schedule(afterNanoseconds: 150_000_000) { fired.put("late") }
        loop.runAndWait { early.cancel() }
        let first = try await fired.next(within: .seconds(5), "the later timer")
        #expect(first == "late")
        #expect(fired.pending.isEmpty, "the cancelled timer never fired")

        // A timer cancelled before it is due disarms the loop's timerfd: nothing scheduled,
        // nothing due, the thread sleeps in epoll and is never switched in.
        let cancelled = loop.runAndWait { loop.repeating(everyMilliseconds: 200) { fired.put("cancelled") } }
        loop.runAndWait { cancelled.cancel() }
        let loopThread = { try ProcessProbe.threads(of: getpid()).filter { $0.value.name == name } }
        // runAndWait returns while the loop still finishes its turn: its switch out into
        // epoll_wait must come before the count starts.
        try await Task.sleep(for: .milliseconds(100))
        let before = try loopThread()
        #expect(before.count == 1)
        try await Task.sleep(for: .milliseconds(500))
        let after = try loopThread()
        #expect(ProcessProbe.wakeups(from: before, to: after).isEmpty)
        #expect(fired.pending.isEmpty)
    }
}
