import Testing
@testable import EventLoop

/// A bucket of tokens refilled continuously, up to its capacity.
@Suite struct TokenBucketTests {
    static let second: UInt64 = 1_000_000_000

    @Test func aFullBucketGivesItsCapacityAtOnceThenRefillsAtItsRate() {
        var bucket = TokenBucket(capacity: 3, perSecond: 2, at: 0)
        func takes(_ count: Int, at now: UInt64) -> [Bool] { (0..<count).map { _ in bucket.take(at: now) } }
        #expect(takes(4, at: 0) == [true, true, true, false])
        #expect(takes(1, at: Self.second / 4) == [false], "a quarter second: half a token")
        #expect(takes(2, at: Self.second / 2) == [true, false], "half a second: a whole one")
        #expect(bucket.tokens(at: 100 * Self.second) == 3, "never more than the capacity")
        #expect(bucket.isFull(at: 100 * Self.second))
        #expect(!bucket.isFull(at: Self.second))
    }

    @Test func countingTakesNothingAndATimeBeforeTheLastCountRefillsNothing() {
        var bucket = TokenBucket(capacity: 1, perSecond: 1, at: Self.second)
        let took = bucket.take(at: Self.second)
        #expect(took)
        #expect(bucket.tokens(at: Self.second + Self.second / 2) == 0.5)
        #expect(bucket.tokens(at: 0) == 0, "an earlier time adds nothing (nor takes)")
        bucket.refill(at: Self.second + Self.second / 2)
        #expect(bucket.tokens == 0.5 && bucket.at == Self.second + Self.second / 2)
        let tookHalf = bucket.take()
        #expect(!tookHalf, "half a token is none")
        #expect(bucket.tokens == 0.5)
    }

    @Test func theNextTokenComesWhenTheRefillMakesAWholeOne() {
        var bucket = TokenBucket(capacity: 2, perSecond: 4, at: 10)
        #expect(bucket.nextToken == 10, "one there already")
        _ = bucket.take(at: 10)
        _ = bucket.take(at: 10)
        #expect(bucket.nextToken == 10 + Self.second / 4)
        var dry = TokenBucket(capacity: 1, perSecond: 0, at: 0)
        _ = dry.take(at: 0)
        #expect(dry.nextToken == .max, "never refilled")
    }
}
