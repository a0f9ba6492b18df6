import Testing
import UserNotificationsCore
@testable import UsernotedService

/// The per-app post rate: a second's burst, then one post per refill.
@Suite struct PostRateTests {
    @Test func aBurstOfOneSecondsWorthThenRefusalsThenRefills() {
        var rate = PostRate(perSecond: 3)
        let start = ContinuousClock.now
        let app = AppID.test("org.example.Calendar")
        func takes(_ count: Int, after elapsed: Duration, for who: AppID = app) -> [Bool] {
            (0..<count).map { _ in rate.take(for: who, at: start + elapsed) }
        }
        #expect(takes(4, after: .zero) == [true, true, true, false])
        #expect(takes(1, after: .zero, for: AppID.test("org.example.Other")) == [true])  // apps are separate
        #expect(takes(1, after: .milliseconds(100)) == [false])
        #expect(takes(2, after: .milliseconds(400)) == [true, false])  // a third of a second refills one post
        #expect(takes(4, after: .seconds(10)) == [true, true, true, false])  // a long pause allows only a second's burst
    }

    @Test func askingWhetherAPostWouldBeRefusedTakesNothing() {
        var rate = PostRate(perSecond: 2)
        let start = ContinuousClock.now
        let app = AppID.test("org.example.Calendar")
        #expect(!rate.refuses(app, at: start))
        let first = rate.take(for: app, at: start)
        #expect(first && !rate.refuses(app, at: start), "asking took nothing: one post is left")
        let second = rate.take(for: app, at: start)
        #expect(second && rate.refuses(app, at: start))
        let third = rate.take(for: app, at: start)
        #expect(!third)
        #expect(!rate.refuses(app, at: start + .milliseconds(500)), "half a second refills one post")
    }
}
