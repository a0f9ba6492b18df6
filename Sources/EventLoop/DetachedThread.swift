import Glibc

/// Runs `work` on a new thread of its own, detached: for a blocking call that must not hold
/// up a loop (libmosquitto resolves and connects blocking), without Foundation's `Thread`.
public func detachNewThread(_ work: @escaping @Sendable () -> Void) {
    /// The work, handed to the new thread, which takes the retain with it.
    final class Work: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
    var thread = pthread_t()
    let started = pthread_create(&thread, nil, { context in
        Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().run()
        return nil
    }, Unmanaged.passRetained(Work(work)).toOpaque())
    precondition(started == 0, "cannot start a thread: error \(started)")
    pthread_detach(thread)
}
