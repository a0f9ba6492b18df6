#if canImport(Glibc)
import Glibc
#endif
import Dispatch

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

    /// The calls that have started and not finished.
    private let unfinished = DispatchGroup()
    /// Registers ``waitAtExit()`` with `atexit`, once.
    private static let registration: Void = { atexit { ExitFlush.shared.waitAtExit() } }()

    /// Counts a call that starts now.
    func begin() {
        Self.registration
        unfinished.enter()
    }

    /// Counts a call that ended.
    func end() { unfinished.leave() }

    /// Whether every call that started has finished.
    var isIdle: Bool { unfinished.wait(timeout: .now()) == .success }

    /// Blocks (up to ``patience``) until every started call has finished; the calls run on
    /// other threads, so the exiting thread may block.
    func waitAtExit() {
        _ = unfinished.wait(timeout: .now() + .milliseconds(Int(Self.patience.components.seconds) * 1000))
    }
}
