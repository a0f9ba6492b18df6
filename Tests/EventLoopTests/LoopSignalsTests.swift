import Testing
import TestSupport
@testable import EventLoop

#if canImport(Glibc)
import Glibc
#endif

/// Signals blocked in the thread that would take them and read on the loop from a signalfd.
@Suite struct LoopSignalsTests {
    /// A loop whose thread blocks `signal`, as every thread does in a program that blocks it
    /// first thing: a thread starts with its creator's mask (this one's is put back after).
    static func loop(blocking signal: Int32, name: String) -> LoopThread {
        var before = sigset_t()
        pthread_sigmask(SIG_SETMASK, nil, &before)
        defer { pthread_sigmask(SIG_SETMASK, &before, nil) }
        LoopSignals.block([signal])
        var now = sigset_t()
        pthread_sigmask(SIG_SETMASK, nil, &now)
        #expect(sigismember(&now, signal) == 1, "blocked in the calling thread")
        return LoopThread(name: name)
    }

    /// Sends `signal` to the loop's own thread (to the whole process, a thread that does not
    /// block it, any of the test runner's, would take it and end the process).
    static func send(_ signal: Int32, to loop: LoopThread, times: Int = 1) {
        loop.schedule { for _ in 0..<times { pthread_kill(pthread_self(), signal) } }
    }

    @Test func aSignalIsReadOnTheLoopEachTimeItComesUntilTheWatchIsCancelled() async throws {
        let loop = Self.loop(blocking: SIGUSR2, name: "test.signals")
        let arrived = Inbox<Bool>()
        let watch = loop.watch(signal: SIGUSR2) { arrived.put(loop.isCurrent) }
        for round in 1...2 {
            Self.send(SIGUSR2, to: loop)
            #expect(try await arrived.next(within: .seconds(5), "SIGUSR2, \(round)"), "handled on the loop")
        }
        loop.runAndWait { watch.cancel() }
        Self.send(SIGUSR2, to: loop)  // still blocked: it stays pending, and nothing reads it
        try await Task.sleep(for: .milliseconds(100))
        #expect(arrived.pending.isEmpty, "nothing read after the cancel")
    }

    @Test func aSignalSentAgainBeforeTheLoopReadsItCountsOnce() async throws {
        let loop = Self.loop(blocking: SIGUSR1, name: "test.sigtwice")
        let arrived = Inbox<Void>()
        let watch = loop.watch(signal: SIGUSR1) { arrived.put(()) }
        defer { loop.runAndWait { watch.cancel() } }
        Self.send(SIGUSR1, to: loop, times: 3)  // in one turn: the loop reads after all three
        try await arrived.next(within: .seconds(5), "SIGUSR1")
        try await Task.sleep(for: .milliseconds(100))
        #expect(arrived.pending.isEmpty, "three sent before the read: one handled")
    }
}
