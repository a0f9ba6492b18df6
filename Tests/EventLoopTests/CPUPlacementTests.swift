import CLinux
import Dispatch
import EventLoop
import Synchronization
import Testing

/// A thread started off a CPU (`detachNewThread(startingOff:_:)`) starts on another one and
/// may then run on every CPU its starter may; a thread with nowhere else to go starts where
/// it may. The test runner's own threads are never moved.
@Suite struct CPUPlacementTests {
    /// The CPUs the calling thread may run on.
    static func allowed() -> [Int32] { (0..<1024).filter { CPUPlacement.mayRun(on: $0) } }

    /// What a thread started off a CPU saw: the CPU it started on, and where it may run.
    struct Seen: Sendable {
        var startedOn: Int32?, allowed: [Int32] = []
    }

    /// Runs `body` on a thread of its own, started off `cpu`, and returns what it returns.
    static func onAThreadStarted<T: Sendable>(off cpu: Int32?, _ body: @escaping @Sendable (_ startedOn: Int32?) -> T) -> T {
        let result = Mutex<T?>(nil), done = DispatchSemaphore(value: 0)
        detachNewThread(startingOff: cpu) { startedOn in
            let value = body(startedOn)
            result.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return result.withLock { $0! }
    }

    /// Where a thread started off `cpu` started and may run.
    static func startOff(_ cpu: Int32?) -> Seen {
        onAThreadStarted(off: cpu) { Seen(startedOn: $0, allowed: allowed()) }
    }

    @Test(.enabled(if: allowed().count > 1, "a thread with one CPU has none to start off"))
    func aThreadStartsOffTheCPUAndThenMayRunEverywhere() throws {
        let cpus = Self.allowed()
        // Twenty each: a thread started anywhere would start on the CPU now and then.
        for cpu in cpus {
            let seen = (0..<20).map { _ in Self.startOff(cpu) }
            #expect(seen.allSatisfy { $0.startedOn != nil && $0.startedOn != cpu }, "started off CPU \(cpu)")
            #expect(seen.allSatisfy { $0.allowed == cpus }, "then may run everywhere its starter may")
        }
        #expect(Self.allowed() == cpus, "the starter was not moved")
    }

    @Test func aThreadWithOneCPUStartsOnIt() throws {
        let only = try #require(Self.allowed().last)
        // A thread of its own, narrowed to that CPU, starts one off it.
        let (narrowed, seen) = Self.onAThreadStarted(off: nil) { _ -> ([Int32], Seen) in
            var cpus = usernoted_cpus()  // the mask as the kernel reads it: CPU n is bit n of the bytes
            withUnsafeMutableBytes(of: &cpus.bits) { bits in
                bits[Int(only) / 8] = UInt8(1) << (Int(only) % 8)
            }
            _ = usernoted_set_cpus(&cpus)
            return (Self.allowed(), Self.startOff(only))
        }
        #expect(narrowed == [only], "narrowed to one CPU")
        #expect(seen.startedOn == only, "its only CPU: started there")
        #expect(seen.allowed == [only], "and nowhere else to go")
    }

    @Test func noCPUGivenStartsItWhereItsStarterMayRun() {
        let cpus = Self.allowed()
        let seen = Self.startOff(nil)
        #expect(seen.startedOn.map(cpus.contains) == true)
        #expect(seen.allowed == cpus)
    }

    @Test func theRunnableThreadsCountTheCallingOne() throws {
        let runnable = try #require(CPUPlacement.runnableThreads, "/proc/loadavg is readable")
        #expect(runnable >= 1, "this thread is running")
    }
}
