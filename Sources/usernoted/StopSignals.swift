import EventLoop
import ServiceLifecycle
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Stops the daemon on SIGTERM (as `systemctl --user stop` sends it) or SIGINT: gracefully
/// once its service group is given, at once before (nothing is served yet, and SQLite
/// recovers a store left half open). The signals are read on the loop, from a signalfd, as
/// SIGHUP is (``ConfigReload``): `main` blocks them in every thread before any starts. Not
/// the group's own `gracefulShutdownSignals`: those are dispatch sources, whose first use
/// starts libdispatch's manager thread and a worker of its own on the loop's way to the
/// bus name.
final class StopSignals: Sendable {
    /// The group a signal stops, once there is one.
    private final class Target: Sendable {
        let group = Mutex<ServiceGroup?>(nil)
    }

    private let target = Target()
    private let watches: [LoopWatch]

    init(loop: LoopThread = .shared) {
        let target = target
        watches = [SIGTERM, SIGINT].map { signal in
            loop.watch(signal: signal) {
                guard let group = target.group.withLock({ $0 }) else { _exit(EXIT_SUCCESS) }
                Task { await group.triggerGracefulShutdown() }
            }
        }
    }

    /// Stops `group` gracefully from now on.
    func stopping(_ group: ServiceGroup) { target.group.withLock { $0 = group } }

    /// Stops reading the signals (they stay blocked: one sent later is not acted on).
    func cancel() { watches.forEach { $0.cancel() } }
}
