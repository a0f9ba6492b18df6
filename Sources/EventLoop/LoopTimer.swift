/// A timer of a ``LoopThread`` (repeating, or once): stops when cancelled.
public final class LoopTimer: Sendable {
    let loop: LoopThread
    let id: UInt64

    init(loop: LoopThread, id: UInt64) {
        self.loop = loop
        self.id = id
    }

    /// Stops the timer (on the loop; its handler is not called after that).
    public func cancel() { loop.cancel(id) }
}
