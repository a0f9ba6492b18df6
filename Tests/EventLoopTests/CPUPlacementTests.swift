import Dispatch
import EventLoop
import Synchronization
import Testing

/// A thread kept off a CPU leaves it at once and may run there again once the placement ends;
/// a thread with nowhere else to go stays. Each test moves a thread of its own, never one of
/// the test runner's.
@Suite struct CPUPlacementTests {
    /// The CPUs the calling thread may run on.
    static func allowed() -> [Int32] { (0..<1024).filter { CPUPlacement.mayRun(on: $0) } }

    /// Runs `body` on a new thread and returns what it returns.
    static func onAThreadOfItsOwn<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let result = Mutex<T?>(nil), done = DispatchSemaphore(value: 0)
        detachNewThread {
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return result.withLock { $0! }
    }

    @Test(.enabled(if: allowed().count > 1, "a thread with one CPU has none to leave it for"))
    func theThreadLeavesTheCPUAndMayComeBack() {
        struct Seen: Sendable {
            var cpus: [Int32] = [], cpu: Int32?, kept: [Int32] = [], ranOn: Int32?, back: [Int32] = [], backAgain: [Int32] = []
        }
        let seen = Self.onAThreadOfItsOwn { () -> Seen in
            var seen = Seen(cpus: Self.allowed(), cpu: CPUPlacement.current)
            var placement = CPUPlacement(avoiding: seen.cpu)
            (seen.kept, seen.ranOn) = (Self.allowed(), CPUPlacement.current)
            placement.end()
            seen.back = Self.allowed()
            placement.end()
            seen.backAgain = Self.allowed()
            return seen
        }
        let cpu = seen.cpu
        #expect(cpu != nil, "the CPU it runs on is known")
        #expect(seen.kept == seen.cpus.filter { $0 != cpu }, "kept off that CPU, every other one still allowed")
        #expect(seen.ranOn != cpu, "and moved off it at once")
        #expect(seen.back == seen.cpus, "allowed everywhere again")
        #expect(seen.backAgain == seen.cpus, "a second end changes nothing")
    }

    @Test func aThreadWithOneCPUStaysOnIt() {
        let (cpus, narrowed, kept, ranOn, back) = Self.onAThreadOfItsOwn { () -> ([Int32], [Int32], [Int32], Int32?, [Int32]) in
            let cpus = Self.allowed()
            // Narrowed to its last CPU (if it has more) by keeping it off every other, one placement each.
            var narrowing = cpus.dropLast().map { CPUPlacement(avoiding: $0) }
            let narrowed = Self.allowed()
            var placement = CPUPlacement(avoiding: cpus.last)
            let (kept, ranOn) = (Self.allowed(), CPUPlacement.current)
            placement.end()
            for index in narrowing.indices.reversed() { narrowing[index].end() }
            return (cpus, narrowed, kept, ranOn, Self.allowed())
        }
        #expect(!cpus.isEmpty)
        #expect(narrowed == [cpus.last!])
        #expect(kept == narrowed, "its only CPU: not taken away")
        #expect(ranOn == cpus.last)
        #expect(back == cpus)
    }

    @Test func noCPUGivenLeavesTheThreadWhereItMayRun() {
        let (cpus, kept, back) = Self.onAThreadOfItsOwn { () -> ([Int32], [Int32], [Int32]) in
            let cpus = Self.allowed()
            var placement = CPUPlacement(avoiding: nil)
            let kept = Self.allowed()
            placement.end()
            return (cpus, kept, Self.allowed())
        }
        #expect(kept == cpus)
        #expect(back == cpus)
    }
}
