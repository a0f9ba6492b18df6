import Foundation
import Logging
import Synchronization
import Testing
import TestSupport
import UserNotificationsCore
@_spi(Benchmarks) @testable import UsernotedService

/// The scheduler over a real store, with a wall clock the test moves and a timer that
/// records where it was armed (the real timerfd is exercised end to end).
@Suite struct SchedulerTests {
    /// A timer that remembers its last arming.
    final class RecordingTimer: WakeTimer {
        let armed = Mutex<Date?>(nil)
        func arm(at date: Date?) { armed.withLock { $0 = date } }
        var date: Date? { armed.withLock { $0 } }
    }

    /// A wall clock the test sets.
    final class TestClock: Sendable {
        let current = Mutex(Date(timeIntervalSince1970: 1_900_000_000))
        var now: Date { current.withLock { $0 } }
        func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }
    }

    let store: Store
    let clock = TestClock()
    let timer = RecordingTimer()
    let scheduler: Scheduler
    /// What fired, in order, and whether late.
    final class Deliveries: DueRequestPresenter {
        let log = Mutex<[(id: String, late: Bool)]>([])
        nonisolated(nonsending) func presentDue(_ pending: PendingRequest, late: Bool) async {
            log.withLock { $0.append((pending.request.identifier, late)) }
        }
        var all: [(id: String, late: Bool)] { log.withLock { $0 } }
    }

    let fired = Deliveries()
    let app = AppID.test("org.example.Reminders")

    init() throws {
        store = try Store(directory: try TemporaryDirectory.make(prefix: "usernoted-scheduler"), logger: Logger(label: "test"))
        let clock = clock
        let berlin = Self.berlin
        scheduler = Scheduler(store: store, presenter: fired, logger: Logger(label: "test"), now: { clock.now }, calendar: { berlin })
    }

    static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()

    func start() async {
        await scheduler.start(timer: timer)
    }

    func add(_ id: String, _ trigger: NotificationTrigger, title: String = "T") async throws {
        let request = NotificationRequest(identifier: id, content: NotificationContent(title: title), trigger: trigger)
        let date = try #require(await scheduler.firstFireDate(of: trigger))
        try await store.savePending(PendingRequest(app: app, request: request, fireDate: date, addedAt: clock.now))
        await scheduler.reschedule()
    }

    var firedIDs: [String] { fired.all.map(\.id) }

    @Test func oneTimerIsArmedForTheEarliestAndReArmedOnChange() async throws {
        await start()
        #expect(timer.date == nil)
        try await add("later", .timeInterval(600, repeats: false))
        #expect(timer.date == clock.now + 600)
        try await add("sooner", .timeInterval(5, repeats: false))
        #expect(timer.date == clock.now + 5)
        try await store.removePending(app, ids: ["sooner"])
        await scheduler.reschedule()
        #expect(timer.date == clock.now + 600)
    }

    @Test func aOneShotFiresOnceAndLeavesPending() async throws {
        await start()
        try await add("once", .timeInterval(5, repeats: false))
        clock.advance(by: 5)
        await scheduler.wake()
        #expect(firedIDs == ["once"])
        #expect(try await store.pending(of: app).isEmpty)
        #expect(timer.date == nil)
        await scheduler.wake()
        #expect(firedIDs == ["once"])
    }

    @Test func aRepeatingIntervalFiresAgainOnSchedule() async throws {
        await start()
        try await add("every minute", .timeInterval(60, repeats: true))
        let first = clock.now + 60
        clock.advance(by: 60)
        await scheduler.wake()
        #expect(timer.date == first + 60)
        clock.advance(by: 60)
        await scheduler.wake()
        #expect(firedIDs == ["every minute", "every minute"])
        #expect(try await store.pending(of: app).first?.fireDate == first + 120)
    }

    @Test func nothingFiresBeforeItsTime() async throws {
        await start()
        try await add("soon", .timeInterval(10, repeats: false))
        clock.advance(by: 9.5)
        await scheduler.wake()  // e.g. woken by a clock change
        #expect(firedIDs.isEmpty)
        #expect(timer.date == clock.now + 0.5)
    }

    @Test func missedTriggersFireOnceAtStartMarkedLateAndRepeatsContinueOnSchedule() async throws {
        let start = clock.now
        try await add("missed", .timeInterval(30, repeats: false))
        try await add("hourly", .timeInterval(3600, repeats: true))
        clock.advance(by: 3 * 3600 + 600)  // the daemon was not running for three hours
        await self.start()
        #expect(firedIDs == ["missed", "hourly"])
        #expect(fired.all.allSatisfy { $0.late })  // both late
        // The hourly one fired once, not three times, and keeps its phase.
        #expect(try await store.pending(of: app).map(\.fireDate) == [start + 4 * 3600])
    }

    @Test func aCalendarTriggerFiresAtTheNextMatchingWallTime() async throws {
        await start()
        try await add("9 am", .calendar(DateComponents(hour: 9, minute: 0), repeats: true))
        let first = try #require(timer.date)
        #expect(Self.berlin.dateComponents([.hour, .minute, .second], from: first) == DateComponents(hour: 9, minute: 0, second: 0))
        #expect(first > clock.now && first <= clock.now + 86400)
        clock.current.withLock { $0 = first }
        await scheduler.wake()
        #expect(firedIDs == ["9 am"])
        #expect(try #require(timer.date).timeIntervalSince(first) == 86400)
    }

    @Test func aDailyTimeFiresOnceOnTheDayTheClocksGoBack() async throws {
        // 2026-10-24 12:00 in Berlin; the clocks go back at 03:00 on the 25th, so 02:30 happens twice.
        clock.current.withLock { $0 = Self.berlin.date(from: DateComponents(year: 2026, month: 10, day: 24, hour: 12))! }
        await start()
        try await add("02:30", .calendar(DateComponents(hour: 2, minute: 30), repeats: true))
        let first = try #require(timer.date)
        clock.current.withLock { $0 = first.addingTimeInterval(0.005) }  // woken a little after it was due
        await scheduler.wake()
        #expect(firedIDs == ["02:30"])
        let next = try #require(timer.date)
        #expect(next.timeIntervalSince(first) == 25 * 3600)  // the 26th at 02:30, a 25-hour day later
    }
}
