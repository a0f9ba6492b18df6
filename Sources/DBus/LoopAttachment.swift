import CDBus
import EventLoop

#if canImport(Glibc)
import Glibc
#endif

/// One libdbus connection's watches and timeouts, as watches and timers of its
/// ``EventLoop/LoopThread``: the connection's socket sits in the loop's own epoll, and each enabled
/// timeout is a timer on the loop's one timerfd. Nothing polls.
///
/// libdbus calls the watch and timeout functions only from inside calls the connection
/// makes, and the connection makes every call on its loop, so all state here is touched on
/// the loop alone; adding, toggling and removing a watch changes epoll there and then,
/// before libdbus closes the socket.
final class LoopAttachment: @unchecked Sendable {
    // @unchecked: the state below is touched only on `loop` (see the type's doc); this
    // object is handed to libdbus as the `void *` context of C callbacks.
    let loop: LoopThread
    /// Called on `loop` after libdbus handled I/O or a timeout: dispatch what arrived.
    private let onActivity: @Sendable () -> Void
    /// The watches on each descriptor (libdbus watches a socket for reading and for writing with two).
    private var watches: [Int32: [OpaquePointer]] = [:]
    /// Each watch's descriptor, as it was when added (libdbus may invalidate a watch's own copy).
    private var descriptors: [OpaquePointer: Int32] = [:]
    /// The loop's watch on each descriptor that has libdbus watches.
    private var loopWatches: [Int32: LoopWatch] = [:]
    private var timers: [OpaquePointer: LoopTimer] = [:]

    init(loop: LoopThread, onActivity: @escaping @Sendable () -> Void) {
        self.loop = loop
        self.onActivity = onActivity
    }

    /// Installs the callbacks on `connection` (on the loop).
    func attach(to connection: OpaquePointer) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        dbus_connection_set_watch_functions(
            connection,
            { watch, data in LoopAttachment.from(data).add(watch: watch!); return 1 },
            { watch, data in LoopAttachment.from(data).remove(watch: watch!) },
            { watch, data in LoopAttachment.from(data).toggle(watch: watch!) },
            context, nil)
        dbus_connection_set_timeout_functions(
            connection,
            { timeout, data in LoopAttachment.from(data).update(timeout: timeout!); return 1 },
            { timeout, data in LoopAttachment.from(data).remove(timeout: timeout!) },
            { timeout, data in LoopAttachment.from(data).update(timeout: timeout!) },
            context, nil)
        dbus_connection_set_dispatch_status_function(
            connection,
            { _, status, data in
                if status == DBUS_DISPATCH_DATA_REMAINS { LoopAttachment.from(data).scheduleDispatch() }
            },
            context, nil)
        dbus_connection_set_wakeup_main_function(
            connection, { data in LoopAttachment.from(data).scheduleDispatch() }, context, nil)
    }

    /// Removes the callbacks (libdbus then removes every watch and timeout through them), on the loop.
    func detach(from connection: OpaquePointer) {
        dbus_connection_set_watch_functions(connection, nil, nil, nil, nil, nil)
        dbus_connection_set_timeout_functions(connection, nil, nil, nil, nil, nil)
        dbus_connection_set_dispatch_status_function(connection, nil, nil, nil)
        dbus_connection_set_wakeup_main_function(connection, nil, nil, nil)
        for watch in loopWatches.values { watch.cancel() }
        loopWatches = [:]
        watches = [:]
        descriptors = [:]
        for timer in timers.values { timer.cancel() }
        timers = [:]
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> LoopAttachment {
        Unmanaged<LoopAttachment>.fromOpaque(data!).takeUnretainedValue()
    }

    private func scheduleDispatch() {
        loop.schedule(onActivity)
    }

    private func add(watch: OpaquePointer) {
        let fd = dbus_watch_get_unix_fd(watch)
        descriptors[watch] = fd
        watches[fd, default: []].append(watch)
        update(fd)
    }

    private func toggle(watch: OpaquePointer) {
        if let fd = descriptors[watch] { update(fd) }
    }

    /// libdbus removed `watch`, before it closes the descriptor: so epoll lets go of it now.
    private func remove(watch: OpaquePointer) {
        guard let fd = descriptors.removeValue(forKey: watch) else { return }
        watches[fd]?.removeAll { $0 == watch }
        if watches[fd]?.isEmpty == true { watches[fd] = nil }
        update(fd)
    }

    /// Has the loop watch `fd` for what its enabled libdbus watches wait for: a loop watch
    /// while it has libdbus watches, waiting for nothing (out of epoll) while none is enabled.
    private func update(_ fd: Int32) {
        guard let fdWatches = watches[fd] else {
            loopWatches.removeValue(forKey: fd)?.cancel()
            return
        }
        var interest: LoopWatch.Readiness = []
        for watch in fdWatches where dbus_watch_get_enabled(watch) != 0 {
            let flags = dbus_watch_get_flags(watch)
            if flags & DBUS_WATCH_READABLE.rawValue != 0 { interest.insert(.readable) }
            if flags & DBUS_WATCH_WRITABLE.rawValue != 0 { interest.insert(.writable) }
        }
        if let existing = loopWatches[fd] {
            existing.change(to: interest)
        } else {
            loopWatches[fd] = loop.watch(fd, for: interest) { ready in self.handle(fd, ready) }
        }
    }

    /// `fd` is ready: hands its conditions to its libdbus watches, then dispatches what arrived.
    private func handle(_ fd: Int32, _ ready: LoopWatch.Readiness) {
        for watch in watches[fd] ?? [] {
            // Handling one watch can remove (and free) or disable the other.
            guard watches[fd]?.contains(watch) == true, dbus_watch_get_enabled(watch) != 0 else { continue }
            let wanted = dbus_watch_get_flags(watch)
            var flags: UInt32 = 0
            if ready.contains(.readable), wanted & DBUS_WATCH_READABLE.rawValue != 0 { flags |= DBUS_WATCH_READABLE.rawValue }
            if ready.contains(.writable), wanted & DBUS_WATCH_WRITABLE.rawValue != 0 { flags |= DBUS_WATCH_WRITABLE.rawValue }
            if ready.contains(.hangUp) { flags |= DBUS_WATCH_HANGUP.rawValue }
            if ready.contains(.error) { flags |= DBUS_WATCH_ERROR.rawValue }
            if flags != 0 { dbus_watch_handle(watch, flags) }
        }
        if ready.contains(.readable) { readOn(fd) }
        onActivity()
    }

    /// More reads of a readable watch per turn of the loop, while data waits.
    private static let extraReads = 15

    /// Reads on while more waits on `fd` (a `poll` that does not wait asks), up to
    /// ``extraReads`` more times: libdbus reads about
    /// 4 KiB each time it handles a watch, and under a flood of calls a turn of the loop would
    /// take in a dozen of them, so that another peer's call waits behind everything the bus
    /// queued before it. Read early, it takes its turn among the senders' (``IncomingCalls``),
    /// and what a flooding sender has beyond its share is refused as it is read.
    private func readOn(_ fd: Int32) {
        for _ in 0..<Self.extraReads {
            var pending = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pending, 1, 0) == 1, pending.revents & Int16(POLLIN) != 0,
                  let watch = watches[fd]?.first(where: {
                      dbus_watch_get_enabled($0) != 0 && dbus_watch_get_flags($0) & DBUS_WATCH_READABLE.rawValue != 0
                  })
            else { return }
            dbus_watch_handle(watch, DBUS_WATCH_READABLE.rawValue)
        }
    }

    private func update(timeout: OpaquePointer) {
        remove(timeout: timeout)
        guard dbus_timeout_get_enabled(timeout) != 0 else { return }
        let onActivity = onActivity
        timers[timeout] = loop.repeating(everyMilliseconds: Int(dbus_timeout_get_interval(timeout))) {
            dbus_timeout_handle(timeout)
            onActivity()
        }
    }

    private func remove(timeout: OpaquePointer) {
        timers.removeValue(forKey: timeout)?.cancel()
    }
}
