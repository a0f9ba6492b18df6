import Testing
@testable import DBus

@Suite struct RefusalPaceTests {
    static let second: UInt64 = 1_000_000_000

    @Test func aSendersBurstGoesAtOnceAndTheRestAtThePaceInItsOrder() {
        var pace = RefusalPace<Int>(burst: 3, perSecond: 10, capacity: 100)
        let now: UInt64 = 5 * Self.second
        let atOnce = (1...6).compactMap { pace.admit($0, from: ":1.7", at: now) }
        #expect(atOnce == [1, 2, 3])
        #expect(pace.heldCount == 3)
        #expect(pace.due(at: now).isEmpty)
        // One token a tenth of a second: the next at +0.1 s, two more by +0.3 s.
        #expect(pace.nextDue(after: now) == now + Self.second / 10)
        #expect(pace.due(at: now + Self.second / 10) == [4])
        #expect(pace.due(at: now + 3 * Self.second / 10) == [5, 6])
        #expect(pace.heldCount == 0)
        #expect(pace.nextDue(after: now) == nil)
    }

    @Test func aCallRefusedWhileItsSendersLineWaitsGoesBehindIt() {
        var pace = RefusalPace<Int>(burst: 1, perSecond: 10, capacity: 100)
        #expect(pace.admit(1, from: "a", at: 0) == 1)
        #expect(pace.admit(2, from: "a", at: 0) == nil)
        // A token is back by +0.2 s, but 2 waits: 3 goes after it, not ahead.
        #expect(pace.admit(3, from: "a", at: 2 * Self.second / 10) == nil)
        #expect(pace.due(at: 2 * Self.second / 10) == [2])
        #expect(pace.due(at: 3 * Self.second / 10) == [3])
    }

    @Test func anotherSendersRefusalsGoAtOnceWhileOneSendersWait() {
        var pace = RefusalPace<String>(burst: 2, perSecond: 1, capacity: 100)
        for index in 0..<10 { _ = pace.admit("flood-\(index)", from: "flooder", at: 0) }
        #expect(pace.heldCount == 8)
        #expect(pace.admit("other-0", from: "other", at: 0) == "other-0")
        #expect(pace.admit("other-1", from: "other", at: 0) == "other-1")
        #expect(pace.due(at: Self.second) == ["flood-2"])
    }

    @Test func pastItsCapacityAnAnswerGoesAtOnce() {
        var pace = RefusalPace<Int>(burst: 1, perSecond: 1, capacity: 2)
        let atOnce = (1...5).compactMap { pace.admit($0, from: "a", at: 0) }
        #expect(atOnce == [1, 4, 5])
        #expect(pace.heldCount == 2)
        #expect(pace.removeAll().sorted() == [2, 3])
        #expect(pace.heldCount == 0 && pace.nextDue(after: 0) == nil)
    }

    @Test func releasesAreATickApartAtLeast() {
        var pace = RefusalPace<Int>(burst: 1, perSecond: 1_000_000, capacity: 100)
        _ = pace.admit(1, from: "a", at: 0)
        _ = pace.admit(2, from: "a", at: 0)
        // Its turn comes after a microsecond, but the timer is not armed for less than a tick.
        #expect(pace.nextDue(after: 0) == RefusalPace<Int>.tick)
    }

    @Test func aBucketRefillsUpToItsBurstOnly() {
        var pace = RefusalPace<Int>(burst: 2, perSecond: 10, capacity: 100)
        _ = pace.admit(0, from: "a", at: 0)
        // An hour idle gives back the burst, not an hour's worth of tokens.
        let later = 3600 * Self.second
        #expect((1...4).map { pace.admit($0, from: "a", at: later) } == [1, 2, nil, nil])
    }
}
