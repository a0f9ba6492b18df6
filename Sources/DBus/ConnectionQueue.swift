import Dispatch

/// The one serial place where a connection makes its libdbus calls, handles its I/O and
/// runs its handlers: a `DispatchQueue`, or a ``LoopThread`` of the program's own.
public protocol ConnectionQueue: AnyObject, Sendable {
    /// Whether the caller is running on this queue now.
    var isCurrent: Bool { get }
    /// Made ready for connections (called by each connection made on it, before it uses it).
    func prepare()
    /// Runs `work` later, on the queue, after what was scheduled before it.
    func schedule(_ work: @escaping @Sendable () -> Void)
    /// Runs `work` on the queue and returns its result (never called on the queue itself).
    func runAndWait<T>(_ work: () -> T) -> T
    /// Calls `handler` on the queue whenever `descriptor` is readable, until cancelled;
    /// `cancelled` runs once the queue no longer looks at the descriptor.
    func watchReadable(
        _ descriptor: Int32, _ handler: @escaping () -> Void, cancelled: @escaping () -> Void
    ) -> any QueueEvent
    /// Calls `handler` on the queue every `milliseconds`, first after one interval, until cancelled.
    func repeating(everyMilliseconds milliseconds: Int, _ handler: @escaping () -> Void) -> any QueueEvent
}

extension ConnectionQueue {
    /// Runs `work` on the queue and returns its result: at once when already there, else waiting.
    func runNowOrWait<T, E: Error>(_ work: () throws(E) -> T) throws(E) -> T {
        if isCurrent { return try work() }
        let result: Result<T, E> = runAndWait { () -> Result<T, E> in
            do throws(E) { return .success(try work()) } catch { return .failure(error) }
        }
        return try result.get()
    }
}

/// A descriptor watch or a timer on a ``ConnectionQueue``: stops when cancelled.
public protocol QueueEvent: AnyObject {
    /// Stops the watch or timer (on the queue; its handler is not called after that).
    func cancel()
}

extension DispatchQueue: ConnectionQueue {
    /// Marks each queue with its own identity, so that connections sharing one know it.
    private static let identity = DispatchSpecificKey<ObjectIdentifier>()

    public var isCurrent: Bool { DispatchQueue.getSpecific(key: Self.identity) == ObjectIdentifier(self) }

    public func prepare() {
        // Set once per queue: replacing the value (or freeing a queue that has one) runs
        // Dispatch's destructor for it on the global concurrent queue, whose first use starts
        // libdispatch's worker pool and its once-a-second monitor.
        if getSpecific(key: Self.identity) == nil { setSpecific(key: Self.identity, value: ObjectIdentifier(self)) }
    }

    public func schedule(_ work: @escaping @Sendable () -> Void) { async(execute: work) }

    public func runAndWait<T>(_ work: () -> T) -> T { sync(execute: work) }

    public func watchReadable(
        _ descriptor: Int32, _ handler: @escaping () -> Void, cancelled: @escaping () -> Void
    ) -> any QueueEvent {
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: self)
        source.setEventHandler(handler: handler)
        source.setCancelHandler(handler: cancelled)
        source.resume()
        return DispatchQueueEvent(source)
    }

    public func repeating(everyMilliseconds milliseconds: Int, _ handler: @escaping () -> Void) -> any QueueEvent {
        let source = DispatchSource.makeTimerSource(queue: self)
        let interval = DispatchTimeInterval.milliseconds(milliseconds)
        source.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(1))
        source.setEventHandler(handler: handler)
        source.resume()
        return DispatchQueueEvent(source)
    }
}

/// A dispatch source, as a ``QueueEvent``.
private final class DispatchQueueEvent: QueueEvent {
    let source: any DispatchSourceProtocol

    init(_ source: any DispatchSourceProtocol) { self.source = source }

    func cancel() { source.cancel() }
}
