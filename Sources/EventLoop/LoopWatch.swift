import CLinux

/// A descriptor watched by a ``LoopThread``: changes what it waits for, stops when cancelled.
public final class LoopWatch: Sendable {
    let loop: LoopThread
    let id: UInt64

    init(loop: LoopThread, id: UInt64) {
        self.loop = loop
        self.id = id
    }

    /// Waits for `interest` from now on (on the loop); an empty set takes the descriptor out
    /// of epoll until it is given something to wait for again.
    public func change(to interest: Readiness) { loop.change(id, to: interest) }

    /// Stops the watch (on the loop; its handler is not called after that).
    public func cancel() { loop.cancel(id) }

    /// What a descriptor is watched for, or was found ready for (epoll's event bits).
    public struct Readiness: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        public static let readable = Readiness(rawValue: EPOLLIN.rawValue)
        public static let writable = Readiness(rawValue: EPOLLOUT.rawValue)
        /// Reported whether asked for or not.
        public static let error = Readiness(rawValue: EPOLLERR.rawValue)
        /// Reported whether asked for or not.
        public static let hangUp = Readiness(rawValue: EPOLLHUP.rawValue)
    }
}
