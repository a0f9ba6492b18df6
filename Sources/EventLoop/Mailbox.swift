import Synchronization

/// A queue from any number of senders to one task, which takes the items in the order sent
/// (``next()``, or `for await` over ``taker``), waiting while there are none; ``finish()``
/// ends it once what was sent before is taken. What an `AsyncStream` with an unbounded buffer
/// does, but specialized for each element: public and inlinable (see ``Future``), where the
/// standard library runs the stream's generic machinery unspecialized: about 8 000
/// instructions more an element sent and taken (a notification's server id, a click on its
/// way to the router).
public final class Mailbox<Element: Sendable>: Sendable {
    /// The items not yet taken, the task waiting for one (only while there are none), and
    /// whether the mailbox is finished.
    @usableFromInline struct State {
        @usableFromInline var items = FIFO<Element>()
        @usableFromInline var waiter: UnsafeContinuation<Element?, Never>?
        @usableFromInline var finished = false

        @inlinable init() {}

        /// What a taker gets without waiting: the next item (taken), or nil once finished;
        /// none (the outer nil) when it must wait.
        @inlinable mutating func ready() -> Element?? {
            if let item = items.popFirst() { return .some(item) }
            return finished ? .some(nil) : .none
        }
    }

    @usableFromInline let state = Mutex(State())

    @inlinable public init() {}

    /// Queues `item` behind those sent before, or hands it to the task waiting; an item sent
    /// after ``finish()`` is dropped.
    @inlinable public func send(_ item: Element) {
        let waiter = state.withLock { state -> UnsafeContinuation<Element?, Never>? in
            guard !state.finished else { return nil }
            guard let waiter = state.waiter else {
                state.items.append(item)
                return nil
            }
            state.waiter = nil  // it waits only while there are no items: none is passed over
            return waiter
        }
        waiter?.resume(returning: item)
    }

    /// Ends the mailbox: the taker gets what was sent before, then nil.
    @inlinable public func finish() {
        let waiter = state.withLock { state -> UnsafeContinuation<Element?, Never>? in
            state.finished = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }

    /// Whether a task waits now (for tests, which send only once it does).
    package var hasWaiter: Bool { state.withLock { $0.waiter != nil } }

    /// The next item, once there is one; nil once finished and all taken. One task takes at a
    /// time. Cancelling the task that waits finishes the mailbox, as it ends an `AsyncStream`.
    @inlinable nonisolated(nonsending) public func next() async -> Element? {
        if let ready = state.withLock({ $0.ready() }) { return ready }
        return await withTaskCancellationHandler {
            await withUnsafeContinuation { waiter in
                let ready = state.withLock { state -> Element?? in
                    if let ready = state.ready() { return ready }
                    precondition(state.waiter == nil, "two tasks take from one mailbox")
                    state.waiter = waiter
                    return .none
                }
                if let ready { waiter.resume(returning: ready) }
            }
        } onCancel: {
            finish()
        }
    }

    /// The taking side alone, for a mailbox's owner to hand out: it can take, not send or finish.
    @inlinable public var taker: Taker { Taker(self) }

    /// The items of a mailbox, taken in turn (`for await`).
    public struct Taker: AsyncSequence, Sendable {
        public typealias Failure = Never

        @usableFromInline let mailbox: Mailbox

        @inlinable init(_ mailbox: Mailbox) { self.mailbox = mailbox }

        @inlinable public func makeAsyncIterator() -> Iterator { Iterator(mailbox) }

        /// Takes the items in turn.
        public struct Iterator: AsyncIteratorProtocol {
            @usableFromInline let mailbox: Mailbox

            @inlinable init(_ mailbox: Mailbox) { self.mailbox = mailbox }

            @inlinable nonisolated(nonsending) public mutating func next() async -> Element? { await mailbox.next() }

            @inlinable public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? { await mailbox.next() }
        }
    }
}
