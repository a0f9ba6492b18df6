import EventLoop
import Synchronization

/// The signals of one subscription (``Connection/signals(matching:)``), taken in the order
/// they arrived (`for await`). What an `AsyncStream` of unbounded buffer did, on a
/// ``EventLoop/Mailbox`` instead: the standard library runs a stream's generic machinery
/// unspecialized, about 8 000 instructions more for each signal sent and taken (a server's
/// `ActionInvoked` on its way to the response's handler, every bus name that comes and goes).
/// The subscription ends, and the bus is told, once the sequence has ended (its connection
/// closed, or the task taking from it was cancelled) or nothing holds it or an iterator of
/// it any more.
public struct SignalStream: AsyncSequence, Sendable {
    public typealias Element = Message
    public typealias Failure = Never

    @usableFromInline let mailbox: Mailbox<Message>
    @usableFromInline let subscription: Ending

    init(_ mailbox: Mailbox<Message>, onEnd: @escaping @Sendable () -> Void) {
        self.mailbox = mailbox
        subscription = Ending(onEnd)
    }

    @inlinable public func makeAsyncIterator() -> Iterator { Iterator(self) }

    /// Takes the signals in turn; nil once the subscription ended.
    public struct Iterator: AsyncIteratorProtocol {
        @usableFromInline let stream: SignalStream

        @inlinable init(_ stream: SignalStream) { self.stream = stream }

        @inlinable nonisolated(nonsending) public mutating func next() async -> Message? {
            guard let signal = await stream.mailbox.next() else {
                stream.subscription.end()
                return nil
            }
            return signal
        }

        @inlinable public mutating func next(isolation actor: isolated (any Actor)?) async -> Message? { await next() }
    }

    /// Runs the subscription's end once: when the sequence ends, or else when the last copy
    /// of the stream and of its iterators goes.
    @usableFromInline final class Ending: Sendable {
        let onEnd: Mutex<(@Sendable () -> Void)?>

        init(_ onEnd: @escaping @Sendable () -> Void) { self.onEnd = Mutex(onEnd) }

        @usableFromInline func end() { onEnd.withLock { $0.take() }?() }

        deinit { end() }
    }
}
