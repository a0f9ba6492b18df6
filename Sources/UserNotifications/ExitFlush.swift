#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The calls every center has started and not finished, so that the process waits for them
/// when it exits: a short-lived tool's `center.add(request)` (which returns at once, as on
/// Apple platforms) still reaches usernoted.
///
/// One per process, as the process's exit is: `atexit` runs ``waitAtExit()``, registered
/// when the first call starts.
final class ExitFlush: Sendable {
    /// The process's.
    static let shared = ExitFlush()
    /// How long the exit waits for unfinished calls at most.
    static let patience: Duration = .seconds(5)

    /// How many calls have started and not finished.
    private let unfinished = Mutex(0)
    /// Registers ``waitAtExit()`` with `atexit`, once.
    private static let registration: Void = { atexit { ExitFlush.shared.waitAtExit() } }()

    /// Counts a call that starts now.
    func begin() {
        Self.registration
        unfinished.withLock { $0 += 1 }
    }

    /// Counts a call that ended.
    func end() { unfinished.withLock { $0 -= 1 } }

    /// Whether every call that started has finished.
    var isIdle: Bool { unfinished.withLock { $0 == 0 } }

    /// Waits (up to ``patience``) until every started call has finished; the calls run on
    /// other threads, so the exiting thread may block.
    func waitAtExit() {
        let clock = ContinuousClock()
        let deadline = clock.now + Self.patience
        while !isIdle, clock.now < deadline { usleep(1_000) }
    }
}
