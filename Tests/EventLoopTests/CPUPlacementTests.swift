import EventLoop
import Testing

/// A thread kept off a CPU leaves it at once and may run there again once the placement ends;
/// a thread with nowhere else to go stays. Each test runs synchronously, so on one thread,
/// and lets it run everywhere it could before it returns.
@Suite struct CPUPlacementTests {
    /// The CPUs the calling thread may run on.
    static func allowed() -> [Int32] { (0..<1024).filter { CPUPlacement.mayRun(on: $0) } }

    @Test(.enabled(if: allowed().count > 1, "a thread with one CPU has none to leave it for"))
    func theThreadLeavesTheCPUAndMayComeBack() throws {
        let cpus = Self.allowed()
        let cpu = try #require(CPUPlacement.current)
        var placement = CPUPlacement(avoiding: cpu)
        #expect(!CPUPlacement.mayRun(on: cpu), "kept off the CPU it ran on")
        #expect(CPUPlacement.current != cpu, "and moved off it at once")
        #expect(Self.allowed() == cpus.filter { $0 != cpu }, "every other CPU still allowed")
        placement.end()
        #expect(Self.allowed() == cpus, "allowed everywhere again")
        placement.end()
        #expect(Self.allowed() == cpus, "a second end changes nothing")
    }

    @Test func aThreadWithOneCPUStaysOnIt() throws {
        let cpus = Self.allowed()
        // Narrowed to the last CPU (if it has more) by keeping it off every other, one placement each.
        var narrowing = cpus.dropLast().map { CPUPlacement(avoiding: $0) }
        let only = try #require(cpus.last)
        #expect(Self.allowed() == [only])
        var placement = CPUPlacement(avoiding: only)
        #expect(Self.allowed() == [only], "its only CPU: not taken away")
        #expect(CPUPlacement.current == only)
        placement.end()
        for index in narrowing.indices.reversed() { narrowing[index].end() }
        #expect(Self.allowed() == cpus)
    }

    @Test func noCPUGivenLeavesTheThreadWhereItMayRun() {
        let cpus = Self.allowed()
        var placement = CPUPlacement(avoiding: nil)
        #expect(Self.allowed() == cpus)
        placement.end()
        #expect(Self.allowed() == cpus)
    }
}
