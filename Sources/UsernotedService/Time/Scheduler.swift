import EventLoop
import Foundation
import Logging
import UserNotificationsCore

/// Shows a scheduled request whose trigger came due (late: long after its date).
protocol DueRequestPresenter: Sendable {
    nonisolated(nonsending) func presentDue(_ pending: PendingRequest, late: Bool) async
}

/// Fires pending requests when their triggers come due, with one timer armed for the
/// earliest of them (the store keeps them ordered; nothing here polls or holds them all).
public actor Scheduler {
    /// A request that fires this much after its date (the daemon was not running, or the
    /// machine slept) is delivered and logged as late.
    static let lateAfter: TimeInterval = 60

    private let store: Store
    /// The wall clock (the daemon dates responses by it too).
    nonisolated let now: @Sendable () -> Date
    private let calendar: @Sendable () -> Calendar
    private let logger: Logger
    private var timer: (any WakeTimer)?
    /// The date the timer is armed for (nil: disarmed).
    private var armed: Date?
    /// Shows each request that comes due, before it leaves pending.
    private let presenter: any DueRequestPresenter
    /// The wakes: one at a time, and one more right after it when woken meanwhile.
    private var wakes = SingleFlight()

    /// A scheduler over `store` showing through `presenter` what comes due; `now` and
    /// `calendar` are the wall clock and the user's calendar.
    init(
        store: Store, presenter: any DueRequestPresenter, logger: Logger,
        now: @escaping @Sendable () -> Date = { Date() },
        calendar: @escaping @Sendable () -> Calendar = { Calendar.autoupdatingCurrent }
    ) {
        self.store = store
        self.presenter = presenter
        self.logger = logger
        self.now = now
        self.calendar = calendar
    }

    /// Starts firing: what is already due (missed while the daemon was not running) fires
    /// now, once; then `timer` waits for the next.
    func start(timer: any WakeTimer) async {
        self.timer = timer
        await wake()
    }

    /// When a request added now with `trigger` first fires.
    func firstFireDate(of trigger: NotificationTrigger) -> Date? {
        trigger.firstFireDate(addedAt: now(), calendar: calendar())
    }

    /// Points the timer at the earliest pending request; call after pending changed.
    func reschedule() async {
        guard timer != nil else { return }
        do {
            arm(at: try await store.earliestFireDate())
        } catch {
            logger.error("scheduler: cannot read the earliest fire date; retrying in a minute", metadata: ["error": "\(error)"])
            arm(at: now().addingTimeInterval(60))
        }
    }

    /// A request was saved to fire at `fireDate`: the timer moves only if that is sooner than
    /// its date, without reading the store. (A replaced request's old, sooner date at worst
    /// wakes the scheduler once for nothing; it then re-arms from the store.)
    func added(fireDate: Date) {
        guard timer != nil else { return }
        if let armed, armed <= fireDate { return }
        arm(at: fireDate)
    }

    private func arm(at date: Date?) {
        armed = date
        timer?.arm(at: date)
    }

    /// Fires everything due, moves repeating requests on, and re-arms the timer. A wake while
    /// one is under way makes that one fire again after it (single flight).
    func wake() async {
        guard timer != nil else { return }
        await SingleFlight.run(in: { $0(&wakes) }) {
            await fireDue()
            await reschedule()
        }
    }

    /// Fires what is due now.
    private func fireDue() async {
        let date = now()
        do {
            for request in try await store.due(at: date) {
                let late = date.timeIntervalSince(request.fireDate) > Self.lateAfter
                if late {
                    logger.notice("firing late", metadata: [
                        "app": "\(request.app)", "request": "\(request.request.identifier)",
                        "due": "\(request.fireDate)"])
                }
                // Shown before it leaves pending: a crash in between shows it again in
                // place (same identifier), never loses it.
                await presenter.presentDue(request, late: late)
                try await store.fired(request, next: nextFireDate(of: request, now: date))
            }
        } catch {
            logger.error("scheduler: cannot fire due requests", metadata: ["error": "\(error)"])
        }
    }

    /// When a repeating request fires next: on its schedule, after `now` (occurrences
    /// missed while the daemon was not running are not caught up one by one).
    func nextFireDate(of pending: PendingRequest, now: Date) -> Date? {
        guard let trigger = pending.request.trigger, trigger.repeats else { return nil }
        switch trigger {
        case .timeInterval(let seconds, _):
            let missed = max(0, (now.timeIntervalSince(pending.fireDate) / seconds).rounded(.down))
            return pending.fireDate.addingTimeInterval((missed + 1) * seconds)
        case .calendar:
            // From the date it was due, not from now: on a fall-back day, "after now" would
            // find the repeated wall time an hour later and fire twice.
            let calendar = calendar()
            guard let next = trigger.nextFireDate(after: pending.fireDate, calendar: calendar) else { return nil }
            return next > now ? next : trigger.nextFireDate(after: now, calendar: calendar)
        }
    }
}
