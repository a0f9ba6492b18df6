import CDBus
import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// Drives one libdbus connection from its watches and timeouts, with dispatch sources
/// on the connection's serial queue: the process sleeps in epoll until a descriptor is
/// ready or a libdbus timeout is due, and never polls.
///
/// libdbus calls the watch and timeout functions only from inside calls the connection
/// makes, and the connection makes every call on `queue`, so all state here is touched on
/// that queue alone.
final class EventLoop: @unchecked Sendable {
    // @unchecked: the dictionaries below are touched only on `queue` (see the type's doc);
    // this object is handed to libdbus as the `void *` context of C callbacks.
    let queue: DispatchQueue
    /// Called on `queue` after libdbus handled I/O or a timeout: dispatch what arrived.
    private let onActivity: @Sendable () -> Void
    private var watchSources: [OpaquePointer: [any DispatchSourceProtocol]] = [:]
    private var descriptors: [OpaquePointer: WatchDescriptor] = [:]
    private var timeoutSources: [OpaquePointer: any DispatchSourceTimer] = [:]

    init(queue: DispatchQueue, onActivity: @escaping @Sendable () -> Void) {
        self.queue = queue
        self.onActivity = onActivity
    }

    /// Installs the callbacks on `connection`.
    func attach(to connection: OpaquePointer) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        dbus_connection_set_watch_functions(
            connection,
            { watch, data in EventLoop.from(data).update(watch: watch!); return 1 },
            { watch, data in EventLoop.from(data).forget(watch: watch!) },
            { watch, data in EventLoop.from(data).update(watch: watch!) },
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
        for watch in Set(watchSources.keys).union(descriptors.keys) { forget(watch: watch) }
        for source in timeoutSources.values { source.cancel() }
        watchSources = [:]
        timeoutSources = [:]
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> EventLoop {
        Unmanaged<EventLoop>.fromOpaque(data!).takeUnretainedValue()
    }

    private func scheduleDispatch() {
        let onActivity = onActivity
        queue.async { onActivity() }
    }

    private func update(watch: OpaquePointer) {
        remove(watch: watch)
        guard dbus_watch_get_enabled(watch) != 0 else { return }
        let flags = dbus_watch_get_flags(watch)
        var sources: [any DispatchSourceProtocol] = []
        if flags & DBUS_WATCH_READABLE.rawValue != 0, let source = source(for: watch, DBUS_WATCH_READABLE, DispatchSource.makeReadSource) {
            sources.append(source)
        }
        if flags & DBUS_WATCH_WRITABLE.rawValue != 0, let source = source(for: watch, DBUS_WATCH_WRITABLE, DispatchSource.makeWriteSource) {
            sources.append(source)
        }
        sources.forEach { $0.resume() }
        watchSources[watch] = sources
    }

    /// A source that handles `condition` of `watch` on the watch's own descriptor.
    private func source(
        for watch: OpaquePointer, _ condition: DBusWatchFlags,
        _ make: (Int32, DispatchQueue?) -> any DispatchSourceProtocol
    ) -> (any DispatchSourceProtocol)? {
        guard let descriptor = descriptor(of: watch) else { return nil }
        let source = make(descriptor.fd, queue)
        let onActivity = onActivity
        source.setEventHandler {
            dbus_watch_handle(watch, condition.rawValue)
            onActivity()
        }
        descriptor.sources += 1
        source.setCancelHandler { descriptor.sourceCancelled() }
        return source
    }

    /// The descriptor `watch`'s sources use, made on first use: a duplicate of libdbus's, kept
    /// while the watch is toggled and closed only once the watch is gone and every source on
    /// it is cancelled. libdbus closes its socket right after removing the watch, before
    /// libdispatch has unregistered the cancelled sources; on that descriptor, a number the
    /// next connection may reuse, libdispatch's event loop crashed or lost that connection's events.
    private func descriptor(of watch: OpaquePointer) -> WatchDescriptor? {
        if let known = descriptors[watch] { return known }
        let fd = fcntl(dbus_watch_get_unix_fd(watch), F_DUPFD_CLOEXEC, 0)
        guard fd >= 0 else { return nil }
        let descriptor = WatchDescriptor(fd: fd)
        descriptors[watch] = descriptor
        return descriptor
    }

    private func remove(watch: OpaquePointer) {
        watchSources.removeValue(forKey: watch)?.forEach { $0.cancel() }
    }

    /// libdbus removed `watch`: its sources are cancelled and its descriptor closed after them.
    private func forget(watch: OpaquePointer) {
        remove(watch: watch)
        descriptors.removeValue(forKey: watch)?.watchRemoved()
    }

    private func update(timeout: OpaquePointer) {
        remove(timeout: timeout)
        guard dbus_timeout_get_enabled(timeout) != 0 else { return }
        let interval = DispatchTimeInterval.milliseconds(Int(dbus_timeout_get_interval(timeout)))
        let source = DispatchSource.makeTimerSource(queue: queue)
        source.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(1))
        let onActivity = onActivity
        source.setEventHandler {
            dbus_timeout_handle(timeout)
            onActivity()
        }
        source.resume()
        timeoutSources[timeout] = source
    }

    private func remove(timeout: OpaquePointer) {
        timeoutSources.removeValue(forKey: timeout)?.cancel()
    }
}

/// A watch's own descriptor, closed once the watch is removed and no source uses it.
private final class WatchDescriptor: @unchecked Sendable {
    // @unchecked: used only on the event loop's queue (cancel handlers run there too).
    let fd: Int32
    /// Sources made on it whose cancellation has not completed.
    var sources = 0
    private var removed = false

    init(fd: Int32) { self.fd = fd }

    func sourceCancelled() {
        sources -= 1
        closeIfUnused()
    }

    func watchRemoved() {
        removed = true
        closeIfUnused()
    }

    private func closeIfUnused() {
        if removed, sources == 0 { close(fd) }
    }
}
