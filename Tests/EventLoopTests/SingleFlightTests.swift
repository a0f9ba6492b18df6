import Testing
import TestSupport
@testable import EventLoop

/// One run at a time; requests during a run coalesce into one more run after it.
@Suite struct SingleFlightTests {
    @Test func aRequestWhenIdleStartsARun() {
        var flight = SingleFlight()
        #expect(flight.phase == .idle)
        let started = flight.request()
        #expect(started, "nothing runs: the caller starts")
        #expect(flight.phase == .running)
        let again = flight.runFinished()
        #expect(!again, "nobody asked meanwhile: the flight ends")
        #expect(flight.phase == .idle)
    }

    @Test func requestsDuringARunCoalesceIntoOneRerun() {
        var flight = SingleFlight()
        _ = flight.request()
        let (second, third) = (flight.request(), flight.request())
        #expect(!second && !third, "a run is under way: the callers do not start another")
        #expect(flight.phase == .rerunRequested)
        let rerun = flight.runFinished()
        #expect(rerun, "asked meanwhile: run again")
        #expect(flight.phase == .running)
        let another = flight.runFinished()
        #expect(!another, "two requests during the first run make one rerun, not two")
        #expect(flight.phase == .idle)
        #expect(!flight.isRunning)
    }

    @Test func aRequestAfterTheFlightEndedStartsANewOne() {
        var flight = SingleFlight()
        _ = flight.request()
        _ = flight.runFinished()
        let started = flight.request()
        #expect(started)
    }

    @Test func runCoalescesCallersAndNeverOverlapsRuns() async throws {
        let job = GatedJob()
        let first = Task { await job.trigger() }
        try await job.started.next(within: .seconds(10), "first run")
        #expect(await job.trigger() == false, "a run is under way: this caller returns at once")
        #expect(await job.trigger() == false)
        await job.openGate()
        try await job.started.next(within: .seconds(10), "rerun the two callers asked for")
        await job.openGate()
        #expect(await first.value == true)
        #expect(await job.runs == 2)
        #expect(await job.mostAtOnce == 1)
        let again = Task { await job.trigger() }
        try await job.started.next(within: .seconds(10), "new run")
        await job.openGate()
        #expect(await again.value == true, "the flight was idle: a new run")
        #expect(await job.runs == 3)
    }
}

/// A job whose runs each wait for the test to open a gate.
private actor GatedJob {
    private var flight = SingleFlight()
    private var gate: CheckedContinuation<Void, Never>?
    private(set) var runs = 0
    private var running = 0
    private(set) var mostAtOnce = 0
    /// One item as each run starts.
    nonisolated let started = Inbox<Void>()

    func trigger() async -> Bool {
        await SingleFlight.run(in: { $0(&flight) }) {
            runs += 1
            running += 1
            mostAtOnce = max(mostAtOnce, running)
            // A run that overlaps another does not wait: an overlap fails the test, not hangs it.
            if running == 1 { await withCheckedContinuation { gate = $0; started.put(()) } }
            running -= 1
        }
    }

    func openGate() {
        gate?.resume()
        gate = nil
    }
}
