import CLinux
import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A thread that sleeps in epoll: it runs work scheduled from any thread, in order and one
/// piece at a time, and wakes for the descriptors it watches and its timers (one timerfd,
/// armed for the earliest). Idle, it sleeps with no timeout. It lives as long as the process.
///
/// What runs on it knows nothing of it but this interface: a bus connection (module `DBus`)
/// makes its libdbus calls as work here and has its sockets watched and its timeouts timed
/// here; the MQTT client its socket and keepalive; usernoted's tasks run on ``shared``
/// (module `LoopExecutor`).
public final class LoopThread: @unchecked Sendable {
    // @unchecked: `watches`, `timers`, `nextID` and `armed` are touched only on the loop's
    // own thread (every method that changes them runs there, or hops there first); `state`
    // is behind a mutex and `owner` is atomic. The object is handed to pthread_create.

    /// The process's loop: bus connections and MQTT clients given no loop of their own run on
    /// it (and usernoted's and usernotectl's tasks too, through their default executor).
    /// Started at first use, on a thread of its own, unless ``runShared(after:)`` runs it on
    /// the main thread.
    public static let shared = LoopThread(name: "loop", onThreadOfItsOwn: !sharedRunsOnCaller.load(ordering: .acquiring))
    /// Whether ``runShared(after:)`` has claimed ``shared`` for its caller's thread.
    private static let sharedRunsOnCaller = Atomic<Bool>(false)

    /// The loop's epoll instance (for the package's tests, which look at what it holds).
    package let epoll: Int32
    /// An eventfd, written when work is scheduled while the loop sleeps.
    private let wakeup: Int32
    /// Expires at the earliest timer's deadline (CLOCK_MONOTONIC).
    private let timer: Int32
    /// Work waiting to run, and whether the loop sleeps (or is about to) in `epoll_wait`.
    private let state = Mutex<(work: [Work], sleeping: Bool)>(([], false))
    /// The loop's thread (a `pthread_t`).
    private let owner = Atomic<UInt>(0)
    private var watches: [UInt64: Watch] = [:]
    private var timers: [UInt64: Timer] = [:]
    /// The next watch or timer's id (0 and 1 are `wakeup` and `timer`).
    private var nextID: UInt64 = 2
    /// The deadline `timer` is armed for; `.max` when disarmed.
    private var armed: UInt64 = .max
    /// Work for when the loop has nothing else to do, and how many turns it has waited.
    private var idleWork: [() -> Void] = []
    private var idleWaited = 0

    /// One piece of work scheduled: a closure, or a C function with its argument. A type of its
    /// own, so that a closure is kept as it is: in an array of closures, each is wrapped in a
    /// thunk of its own, allocated.
    private enum Work {
        case closure(@Sendable () -> Void)
        case call(@convention(c) (UnsafeMutableRawPointer) -> Void, UnsafeMutableRawPointer)

        func run() {
            switch self {
            case .closure(let work): work()
            case .call(let function, let argument): function(argument)
            }
        }
    }

    /// A watched descriptor: what it is watched for (nothing: out of epoll) and what runs when ready.
    private struct Watch {
        let descriptor: Int32
        var interest: LoopWatch.Readiness
        let handler: (LoopWatch.Readiness) -> Void
        let cancelled: () -> Void
    }

    /// A timer: when it is next due, how often it repeats (if it does), what it runs.
    private struct Timer {
        var deadline: UInt64
        let interval: UInt64?
        let action: () -> Void
    }

    /// Starts the thread, named `name` (15 bytes at most are kept).
    public convenience init(name: String) {
        self.init(name: name, onThreadOfItsOwn: true)
    }

    /// Starts a thread named `name`, or else takes the calling thread (for ``runShared(after:)``).
    private init(name: String, onThreadOfItsOwn: Bool) {
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        wakeup = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        timer = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        precondition(epoll >= 0 && wakeup >= 0 && timer >= 0, "cannot make the loop's descriptors: errno \(errno)")
        for (descriptor, id) in [(wakeup, UInt64(0)), (timer, 1)] { register(descriptor, id: id, .readable, change: EPOLL_CTL_ADD) }
        guard onThreadOfItsOwn else {
            owner.store(UInt(pthread_self()), ordering: .releasing)
            return
        }
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            Unmanaged<LoopThread>.fromOpaque(context!).takeUnretainedValue().run()
        }, Unmanaged.passRetained(self).toOpaque())
        precondition(started == 0, "cannot start the loop's thread: error \(started)")
        pthread_setname_np(thread, String(decoding: name.utf8.prefix(15), as: UTF8.self))
        // Never joined, and never ending: nothing is left unreclaimed.
        owner.store(UInt(thread), ordering: .releasing)
    }

    /// Runs ``shared`` on the calling thread until the process exits, once `start` (which hands
    /// the program's work to the loop) has run there: for a `main` with nothing else to do, one
    /// thread fewer to start, and to hand the first work to. Call it first in `main`, before
    /// anything uses ``shared``.
    public static func runShared(after start: () -> Void) -> Never {
        sharedRunsOnCaller.store(true, ordering: .releasing)
        precondition(shared.isCurrent, "LoopThread.shared already runs on a thread of its own")
        start()
        shared.run()
    }

    /// Whether the caller runs on the loop's thread.
    public var isCurrent: Bool { owner.load(ordering: .acquiring) == UInt(pthread_self()) }

    /// Runs `work` later, on the loop, after what was scheduled before it.
    public func schedule(_ work: @escaping @Sendable () -> Void) {
        hand(.closure(work))
    }

    /// Calls `function` with `argument` later, on the loop, after what was scheduled before it:
    /// work handed over without allocating anything (a task's job, from `LoopExecutor`). The
    /// caller vouches that `argument` may be used on the loop's thread: nothing checks it.
    package func schedule(_ function: @convention(c) (UnsafeMutableRawPointer) -> Void, _ argument: UnsafeMutableRawPointer) {
        hand(.call(function, argument))
    }

    /// Queues `work`, waking the loop when it sleeps.
    private func hand(_ work: Work) {
        let wake = state.withLock { state in
            state.work.append(work)
            defer { state.sleeping = false }
            return state.sleeping
        }
        if wake { eventfd_write(wakeup, 1) }
    }

    /// Runs `work` on the loop once `nanoseconds` have passed, counted from now (never, for
    /// `UInt64.max`: it is dropped).
    public func schedule(afterNanoseconds nanoseconds: UInt64, _ work: @escaping @Sendable () -> Void) {
        let deadline = Self.now().addingSaturated(nanoseconds)
        guard deadline != .max else { return }
        onLoop { _ = self.addTimer(at: deadline, interval: nil, work) }
    }

    /// Runs `work` on the loop and returns its result (never call it on the loop itself).
    public func runAndWait<T>(_ work: () -> T) -> T {
        withoutActuallyEscaping(work) { work in
            let handoff = Handoff(work)
            schedule { handoff.run() }
            return handoff.wait()
        }
    }

    /// Runs `work` on the loop and returns its result: at once when already there, else waiting.
    @inlinable package func runNowOrWait<T, E: Error>(_ work: () throws(E) -> T) throws(E) -> T {
        if isCurrent { return try work() }
        let result: Result<T, E> = runAndWait { () -> Result<T, E> in
            do throws(E) { return .success(try work()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Calls `handler` on the loop with what is ready whenever `descriptor` is ready for
    /// `interest` (hang-ups and errors are always reported), until cancelled; `cancelled`
    /// runs once the loop no longer looks at the descriptor. One watch per descriptor, and
    /// only on descriptors epoll can watch (not regular files).
    public func watch(
        _ descriptor: Int32, for interest: LoopWatch.Readiness = .readable,
        _ handler: @escaping (LoopWatch.Readiness) -> Void, cancelled: @escaping () -> Void = {}
    ) -> LoopWatch {
        runNowOrWait {
            let id = newID()
            watches[id] = Watch(descriptor: descriptor, interest: interest, handler: handler, cancelled: cancelled)
            if !interest.isEmpty { register(descriptor, id: id, interest, change: EPOLL_CTL_ADD) }
            return LoopWatch(loop: self, id: id)
        }
    }

    /// Calls `handler` on the loop every `milliseconds`, first after one interval, until cancelled.
    public func repeating(everyMilliseconds milliseconds: Int, _ handler: @escaping () -> Void) -> LoopTimer {
        let interval = UInt64(max(milliseconds, 0)) * 1_000_000
        return runNowOrWait { LoopTimer(loop: self, id: addTimer(at: Self.now().addingSaturated(interval), interval: interval, handler)) }
    }

    /// Runs `work` once the loop has nothing else to do, before it waits again (or after 8
    /// turns, when it is never idle). Only on the loop's own thread.
    package func whenIdle(_ work: @escaping () -> Void) {
        precondition(isCurrent, "whenIdle is for work on the loop's own thread")
        idleWork.append(work)
    }

    /// Calls `handler` once at `deadline` (``now()``'s clock), unless cancelled first; on the loop.
    package func once(at deadline: UInt64, _ handler: @escaping () -> Void) -> LoopTimer {
        LoopTimer(loop: self, id: addTimer(at: deadline, interval: nil, handler))
    }

    /// Watches watch `id`'s descriptor for `interest` from now on; nothing takes it out of epoll.
    func change(_ id: UInt64, to interest: LoopWatch.Readiness) {
        onLoop { [self] in
            guard let watch = watches[id], watch.interest != interest else { return }
            watches[id]?.interest = interest
            let change = interest.isEmpty ? EPOLL_CTL_DEL : watch.interest.isEmpty ? EPOLL_CTL_ADD : EPOLL_CTL_MOD
            register(watch.descriptor, id: id, interest, change: change)
        }
    }

    /// Stops watch or timer `id` (on the loop).
    func cancel(_ id: UInt64) {
        onLoop { [self] in
            if let watch = watches.removeValue(forKey: id) {
                if !watch.interest.isEmpty { epoll_ctl(epoll, EPOLL_CTL_DEL, watch.descriptor, nil) }
                watch.cancelled()
            } else if let removed = timers.removeValue(forKey: id), removed.deadline == armed {
                rearm()
            }
        }
    }

    // MARK: The loop

    private func run() -> Never {
        owner.store(UInt(pthread_self()), ordering: .releasing)
        var events = [epoll_event](repeating: epoll_event(), count: 32)
        // The work handed over is swapped with this batch, which keeps its capacity: handing
        // work over allocates nothing once the arrays have grown to a turn's worth.
        var batch: [Work] = []
        while true {
            state.withLock { state in swap(&state.work, &batch) }
            for item in batch { item.run() }
            batch.removeAll(keepingCapacity: true)
            if !idleWork.isEmpty { runIdleWork() }
            let sleep = state.withLock { state in
                state.sleeping = state.work.isEmpty && idleWork.isEmpty
                return state.sleeping
            }
            let count = epoll_wait(epoll, &events, Int32(events.count), sleep ? -1 : 0)
            if sleep { state.withLock { $0.sleeping = false } }
            for event in events.prefix(Int(max(count, 0))) { handle(event.data.u64, LoopWatch.Readiness(rawValue: event.events)) }
        }
    }

    /// Runs the work waiting for an idle loop, if the loop has nothing else or it waited long enough.
    private func runIdleWork() {
        idleWaited += 1
        guard idleWaited >= 8 || state.withLock({ $0.work.isEmpty }) else { return }
        let work = idleWork
        idleWork = []
        idleWaited = 0
        for item in work { item() }
    }

    private func handle(_ id: UInt64, _ ready: LoopWatch.Readiness) {
        var count: eventfd_t = 0
        switch id {
        case 0: eventfd_read(wakeup, &count)
        case 1:
            _ = read(timer, &count, MemoryLayout.size(ofValue: count))
            armed = .max
            fireDueTimers()
        default:
            // A watch cancelled earlier in this turn is gone; one taken out of epoll reports nothing.
            guard let watch = watches[id], !watch.interest.isEmpty else { return }
            watch.handler(ready)
        }
    }

    private func fireDueTimers() {
        let now = Self.now()
        // Soonest first; of two due at once, the one set first.
        let due = timers.filter { $0.value.deadline <= now }.sorted { ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key) }
        for (id, timer) in due where timers[id] != nil {  // an earlier one may have cancelled it
            if let interval = timer.interval {
                timers[id]?.deadline = now.addingSaturated(interval)
            } else {
                timers[id] = nil
            }
            timer.action()
        }
        rearm()
    }

    private func addTimer(at deadline: UInt64, interval: UInt64?, _ action: @escaping () -> Void) -> UInt64 {
        let id = newID()
        timers[id] = Timer(deadline: deadline, interval: interval, action: action)
        if deadline < armed { arm(deadline) }
        return id
    }

    /// Arms `timer` for the earliest deadline, or disarms it when there is none.
    private func rearm() {
        let next = timers.values.lazy.map(\.deadline).min() ?? .max
        if next != armed { arm(next) }
    }

    private func arm(_ deadline: UInt64) {
        armed = deadline
        var spec = itimerspec()
        if deadline != .max {
            spec.it_value = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        }
        timerfd_settime(timer, Int32(TFD_TIMER_ABSTIME), &spec, nil)
    }

    /// Adds `descriptor` to epoll as `id`, changes what it waits for, or takes it out.
    private func register(_ descriptor: Int32, id: UInt64, _ interest: LoopWatch.Readiness, change: Int32) {
        var event = epoll_event()
        event.events = interest.rawValue
        event.data.u64 = id
        let done = epoll_ctl(epoll, change, descriptor, &event)
        precondition(done == 0, "cannot watch descriptor \(descriptor): errno \(errno) (one watch per descriptor, not a regular file)")
    }

    private func newID() -> UInt64 {
        defer { nextID += 1 }
        return nextID
    }

    /// Runs `work` on the loop: now if already there, else as soon as it gets to it.
    private func onLoop(_ work: @escaping @Sendable () -> Void) {
        if isCurrent { work() } else { schedule(work) }
    }

    /// CLOCK_MONOTONIC, in nanoseconds.
    package static func now() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}

/// Work handed to the loop by a thread that waits for its result.
private final class Handoff<T>: @unchecked Sendable {
    // @unchecked: the waiting thread touches `work` and `result` only before scheduling and
    // after the semaphore is signalled; the loop only between the two.
    private var work: (() -> T)?
    private var result: T?
    private let done = DispatchSemaphore(value: 0)

    init(_ work: @escaping () -> T) { self.work = work }

    /// Runs the work and lets go of it (it must not outlive the waiting call), then wakes the waiter.
    func run() {
        result = work?()
        work = nil
        done.signal()
    }

    func wait() -> T {
        done.wait()
        return result!
    }
}

extension UInt64 {
    /// `self + other`, or `.max` when that does not fit.
    package func addingSaturated(_ other: UInt64) -> UInt64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }
}
