import CDBus
import CLinux

#if canImport(Glibc)
import Glibc
#endif

/// Drives one libdbus connection from its watches and timeouts, on the connection's
/// ``ConnectionQueue``: the process sleeps in epoll until a descriptor is ready or a
/// libdbus timeout is due, and never polls.
///
/// The watches' descriptors are never given to the queue: they sit in an epoll instance
/// of the loop's own, and the queue watches that instance's descriptor. On a dispatch
/// queue this matters: a socket whose peer went away reports EPOLLHUP, and libdispatch's epoll backend
/// (swift-corelibs-libdispatch `src/event/event_epoll.c`, `src/source.c`) acknowledges a
/// hang-up by unregistering the source, and freeing its epoll registration, from the
/// source's own queue while its manager thread may still be merging that very event: a
/// program doing only that crashes within seconds ("Source finalized twice"), and the test
/// process crashed, rarely, in `_dispatch_event_loop_drain` as a private bus went away
/// under many connections. An epoll descriptor never hangs up. Adding, toggling and
/// removing a watch is also a synchronous `epoll_ctl`, done before libdbus closes the
/// socket, instead of a dispatch source whose cancellation completes later.
///
/// libdbus calls the watch and timeout functions only from inside calls the connection
/// makes, and the connection makes every call on `queue`, so all state here is touched on
/// that queue alone.
final class EventLoop: @unchecked Sendable {
    // @unchecked: the state below is touched only on `queue` (see the type's doc); this
    // object is handed to libdbus as the `void *` context of C callbacks.
    let queue: any ConnectionQueue
    /// Called on `queue` after libdbus handled I/O or a timeout: dispatch what arrived.
    private let onActivity: @Sendable () -> Void
    /// The loop's own epoll instance, holding the descriptors of the enabled watches.
    private let epoll: Int32
    /// The queue's watch on `epoll`, from attach; cancelled on detach, and `epoll` closed after it.
    private var readiness: (any QueueEvent)?
    /// The watches on each descriptor (libdbus watches a socket for reading and for writing with two).
    private var watches: [Int32: [OpaquePointer]] = [:]
    /// Each watch's descriptor, as it was when added (libdbus may invalidate a watch's own copy).
    private var descriptors: [OpaquePointer: Int32] = [:]
    /// What each descriptor is registered in `epoll` for.
    private var registered: [Int32: UInt32] = [:]
    private var timeoutSources: [OpaquePointer: any QueueEvent] = [:]
    /// Where `epoll_wait` reports ready descriptors (kept, not allocated on every wake).
    private var ready = [epoll_event](repeating: epoll_event(), count: 16)

    init(queue: any ConnectionQueue, onActivity: @escaping @Sendable () -> Void) {
        self.queue = queue
        self.onActivity = onActivity
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        precondition(epoll >= 0, "epoll_create1 failed: errno \(errno)")
    }

    /// Installs the callbacks on `connection`.
    func attach(to connection: OpaquePointer) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        // The handler holds the loop until detach cancels the watch.
        let epoll = epoll
        readiness = queue.watchReadable(epoll, { self.handleReadyDescriptors() }, cancelled: { close(epoll) })
        dbus_connection_set_watch_functions(
            connection,
            { watch, data in EventLoop.from(data).add(watch: watch!); return 1 },
            { watch, data in EventLoop.from(data).remove(watch: watch!) },
            { watch, data in EventLoop.from(data).toggle(watch: watch!) },
            context, nil)
        dbus_connection_set_timeout_functions(
            connection,
            { timeout, data in EventLoop.from(data).update(timeout: timeout!); return 1 },
            { timeout, data in EventLoop.from(data).remove(timeout: timeout!) },
            { timeout, data in EventLoop.from(data).update(timeout: timeout!) },
            context, nil)
        dbus_connection_set_dispatch_status_function(
            connection,
            { _, status, data in
                if status == DBUS_DISPATCH_DATA_REMAINS { EventLoop.from(data).scheduleDispatch() }
            },
            context, nil)
        dbus_connection_set_wakeup_main_function(
            connection, { data in EventLoop.from(data).scheduleDispatch() }, context, nil)
    }

    /// Removes the callbacks (libdbus then removes every watch and timeout through them).
    func detach(from connection: OpaquePointer) {
        dbus_connection_set_watch_functions(connection, nil, nil, nil, nil, nil)
        dbus_connection_set_timeout_functions(connection, nil, nil, nil, nil, nil)
        dbus_connection_set_dispatch_status_function(connection, nil, nil, nil)
        dbus_connection_set_wakeup_main_function(connection, nil, nil, nil)
        for fd in registered.keys { epoll_ctl(epoll, EPOLL_CTL_DEL, fd, nil) }
        watches = [:]
        descriptors = [:]
        registered = [:]
        readiness?.cancel()
        readiness = nil
        for source in timeoutSources.values { source.cancel() }
        timeoutSources = [:]
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> EventLoop {
        Unmanaged<EventLoop>.fromOpaque(data!).takeUnretainedValue()
    }

    private func scheduleDispatch() {
        queue.schedule(onActivity)
    }

    private func add(watch: OpaquePointer) {
        let fd = dbus_watch_get_unix_fd(watch)
        descriptors[watch] = fd
        watches[fd, default: []].append(watch)
        register(fd)
    }

    private func toggle(watch: OpaquePointer) {
        if let fd = descriptors[watch] { register(fd) }
    }

    /// libdbus removed `watch`, before it closes the descriptor: so `epoll` lets go of it now.
    private func remove(watch: OpaquePointer) {
        guard let fd = descriptors.removeValue(forKey: watch) else { return }
        watches[fd]?.removeAll { $0 == watch }
        if watches[fd]?.isEmpty == true { watches[fd] = nil }
        register(fd)
    }

    /// Registers `fd` in `epoll` for what its enabled watches wait for (or removes it when none does).
    private func register(_ fd: Int32) {
        var events: UInt32 = 0
        for watch in watches[fd] ?? [] where dbus_watch_get_enabled(watch) != 0 {
            let flags = dbus_watch_get_flags(watch)
            if flags & DBUS_WATCH_READABLE.rawValue != 0 { events |= EPOLLIN.rawValue }
            if flags & DBUS_WATCH_WRITABLE.rawValue != 0 { events |= EPOLLOUT.rawValue }
        }
        let old = registered[fd]
        guard events != (old ?? 0) else { return }
        if events == 0 {
            epoll_ctl(epoll, EPOLL_CTL_DEL, fd, nil)
            registered[fd] = nil
            return
        }
        var event = epoll_event()
        event.events = events
        event.data.fd = fd
        if epoll_ctl(epoll, old == nil ? EPOLL_CTL_ADD : EPOLL_CTL_MOD, fd, &event) == 0 {
            registered[fd] = events
        }
    }

    /// `epoll` is readable: hands each ready descriptor's conditions to its watches.
    private func handleReadyDescriptors() {
        let count = epoll_wait(epoll, &ready, Int32(ready.count), 0)
        guard count > 0 else { return }
        for event in ready.prefix(Int(count)) {
            let fd = event.data.fd
            for watch in watches[fd] ?? [] {
                // Handling one watch can remove (and free) or disable the other.
                guard watches[fd]?.contains(watch) == true, dbus_watch_get_enabled(watch) != 0 else { continue }
                let wanted = dbus_watch_get_flags(watch)
                var flags: UInt32 = 0
                if event.events & EPOLLIN.rawValue != 0, wanted & DBUS_WATCH_READABLE.rawValue != 0 {
                    flags |= DBUS_WATCH_READABLE.rawValue
                }
                if event.events & EPOLLOUT.rawValue != 0, wanted & DBUS_WATCH_WRITABLE.rawValue != 0 {
                    flags |= DBUS_WATCH_WRITABLE.rawValue
                }
                if event.events & EPOLLHUP.rawValue != 0 { flags |= DBUS_WATCH_HANGUP.rawValue }
                if event.events & EPOLLERR.rawValue != 0 { flags |= DBUS_WATCH_ERROR.rawValue }
                if flags != 0 { dbus_watch_handle(watch, flags) }
            }
        }
        onActivity()
    }

    private func update(timeout: OpaquePointer) {
        remove(timeout: timeout)
        guard dbus_timeout_get_enabled(timeout) != 0 else { return }
        let onActivity = onActivity
        timeoutSources[timeout] = queue.repeating(everyMilliseconds: Int(dbus_timeout_get_interval(timeout))) {
            dbus_timeout_handle(timeout)
            onActivity()
        }
    }

    private func remove(timeout: OpaquePointer) {
        timeoutSources.removeValue(forKey: timeout)?.cancel()
    }
}
