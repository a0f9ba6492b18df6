import CDBus
import EventLoop

#if canImport(Glibc)
import Glibc
#endif

/// A private connection to a message bus (or a peer), on a ``EventLoop/LoopThread``.
///
/// Every libdbus call on the connection is made on its loop; see the module documentation
/// for the threading model.
public final class Connection: @unchecked Sendable {
    // @unchecked: `raw` and every `var` below are used only on `loop` (each public method
    // hops onto it with `perform`), which is what makes sharing this object safe;
    // `uniqueName` is set once, by `open`, before the connection is handed out.
    let loop: LoopThread
    let raw: OpaquePointer
    private let attachment: LoopAttachment

    /// The unique name the bus gave this connection (e.g. `:1.42`); empty for a peer.
    public private(set) var uniqueName = ""

    var isOpen = true
    private var subscriptions: [UInt64: Subscription] = [:]
    private var nextSubscriptionID: UInt64 = 0
    /// Calls sent and not yet answered, by serial.
    var pendingReplies: [UInt32: PendingReply] = [:]
    /// Fails the calls whose time is up: armed for the earliest deadline while calls wait.
    var replyTimeout: (timer: LoopTimer, deadline: UInt64)?
    private var disconnectWaiters: [CheckedContinuation<Void, Never>] = []
    var objects: [ObjectPath: [Interface]] = [:]
    /// Calls not yet answered, a line per sender (used on `loop`).
    var waitingCalls = IncomingCalls()
    /// Says which calls are refused as they are read, and with what (see ``admitCalls(_:)``);
    /// nil: every call is admitted.
    var admission: (@Sendable (CallHead) -> DBusError?)?
    /// Refusals waiting for their sender's turn (see ``paceRefusals(burst:perSecond:capacity:)``);
    /// nil: each goes at once.
    var refusalPace: RefusalPace<OpaquePointer>?
    /// Lets out the refusals that came due: armed while some are held.
    var refusalTimer: LoopTimer?
    /// Wakes the task that answers calls when one arrives.
    let callArrivals = Doorbell()

    /// libdbus needs its thread support switched on before any other call.
    private static let threadsReady: Bool = dbus_threads_init_default() != 0

    /// Connects to the session bus named by `DBUS_SESSION_BUS_ADDRESS`, on `loop` (see
    /// ``open(address:registerWithBus:loop:)``).
    public static func sessionBus(loop: LoopThread = .shared) async throws(DBusError) -> Connection {
        guard let address = getenv("DBUS_SESSION_BUS_ADDRESS").map({ String(cString: $0) }), !address.isEmpty else {
            throw DBusError(.disconnected, "DBUS_SESSION_BUS_ADDRESS is not set: no session bus to connect to")
        }
        return try await open(address: address, loop: loop)
    }

    /// Opens a private connection to `address` and, for a bus, registers on it (`Hello`, a
    /// call like any other: nothing blocks while the bus answers).
    ///
    /// Its libdbus calls and its I/O run on `loop`: ``EventLoop/LoopThread/shared`` unless another is
    /// given. Connections may share a loop, and tasks may run on it too: a program that runs
    /// everything on one loop (as usernoted does) handles a call with one thread woken once.
    public static func open(
        address: String, registerWithBus: Bool = true, loop: LoopThread = .shared
    ) async throws(DBusError) -> Connection {
        precondition(threadsReady, "dbus_threads_init_default failed")
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        // Connects the socket (for a Unix socket, at once); authentication goes on on the loop.
        guard let raw = dbus_connection_open_private(address, &error) else {
            throw take(&error, fallback: "cannot connect to \(address)")
        }
        dbus_connection_set_exit_on_disconnect(raw, 0)
        let connection = Connection(raw, loop: loop)
        guard registerWithBus else { return connection }
        do {
            let hello = Message.methodCall(destination: Bus.name, path: Bus.path, interface: Bus.interface, member: "Hello")
            guard let name = try await connection.call(hello).body.first?.as(String.self) else {
                throw DBusError(.invalidSignature, "the bus at \(address) answered Hello without a name")
            }
            connection.perform { _ = dbus_bus_set_unique_name(raw, name) }
            connection.uniqueName = name
            return connection
        } catch {
            connection.close()
            if let error = error as? DBusError { throw error }
            throw DBusError(.failed, "cannot register on the bus at \(address): \(error)")
        }
    }

    /// Takes `raw` (open, not yet registered) onto `loop`.
    private init(_ raw: OpaquePointer, loop: LoopThread) {
        self.raw = raw
        self.loop = loop
        let box = WeakConnection()
        attachment = LoopAttachment(loop: loop) { box.connection?.dispatchAll() }
        box.connection = self
        perform {
            dbus_connection_add_filter(raw, Connection.filter, Unmanaged.passUnretained(self).toOpaque(), nil)
            attachment.attach(to: raw)
            dispatchAll()
        }
        startServingCalls()
    }

    deinit {
        let raw = raw
        let attachment = attachment
        perform {
            if isOpen { dbus_connection_close(raw) }
            dropHeldRefusals()
            attachment.detach(from: raw)
            dbus_connection_remove_filter(raw, Connection.filter, Unmanaged.passUnretained(self).toOpaque())
        }
        callArrivals.close()
        dbus_connection_unref(raw)
    }

    /// How many signal subscriptions are live (for tests and diagnostics).
    var subscriptionCount: Int { perform { subscriptions.count } }

    /// Whether the connection is still open.
    public var isConnected: Bool { perform { isOpen && dbus_connection_get_is_connected(raw) != 0 } }

    /// Closes the connection: pending calls fail, signal streams end.
    public func close() {
        perform {
            guard isOpen else { return }
            dbus_connection_close(raw)
            dispatchAll()
            markClosed()
        }
    }

    /// Returns once the connection is closed or the bus went away.
    public func waitUntilDisconnected() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            perform {
                if isOpen { disconnectWaiters.append(continuation) } else { continuation.resume() }
            }
        }
    }

    // MARK: Sending

    /// Sends a message without waiting for a reply; returns its serial.
    @discardableResult
    public func send(_ message: Message) throws(DBusError) -> UInt32 {
        let encoded = try message.encode()
        defer { dbus_message_unref(encoded) }
        return try perform { () throws(DBusError) -> UInt32 in
            guard isOpen else { throw DBusError(.disconnected, "the connection is closed") }
            var serial: UInt32 = 0
            guard dbus_connection_send(raw, encoded, &serial) != 0 else {
                throw DBusError(.noMemory, "libdbus could not queue the message")
            }
            return serial
        }
    }

    /// Calls a method and returns the reply's body.
    public func call(
        destination: String, path: ObjectPath, interface: String, method: String,
        _ arguments: [Value] = [], timeout: Duration = .seconds(25), autoStart: Bool = true
    ) async throws -> [Value] {
        var message = Message.methodCall(
            destination: destination, path: path, interface: interface, member: method, body: arguments)
        message.autoStart = autoStart
        return try await call(message, timeout: timeout).body
    }

    /// Emits a signal from `path`.
    public func emit(
        path: ObjectPath, interface: String, name: String, _ arguments: [Value] = [], destination: String? = nil
    ) throws(DBusError) {
        try send(.signal(path: path, interface: interface, member: name, body: arguments, destination: destination))
    }

    // MARK: Signals

    /// Signals matching `rule`, from the moment this returns; the bus is told to route
    /// them here (`AddMatch`), and is told to stop when the stream's consumer goes away.
    public func signals(matching rule: MatchRule) async throws -> SignalStream {
        let mailbox = Mailbox<Message>()
        let id: UInt64 = perform {
            nextSubscriptionID += 1
            subscriptions[nextSubscriptionID] = Subscription(rule: rule, mailbox: mailbox)
            if !isOpen { mailbox.finish() }
            return nextSubscriptionID
        }
        do {
            _ = try await call(destination: Bus.name, path: Bus.path, interface: Bus.interface, method: "AddMatch", [.string(rule.text)])
        } catch {
            unsubscribe(id, tellBus: false)
            throw error
        }
        return SignalStream(mailbox) { [weak self] in self?.unsubscribe(id) }
    }

    /// Forgets subscription `id` and tells the bus, later on the loop: this runs when a
    /// stream ends, which may be inside a task's cancellation while the runtime holds
    /// that task's status lock, and waiting for the loop there deadlocks with the loop
    /// yielding to the same task.
    private func unsubscribe(_ id: UInt64, tellBus: Bool = true) {
        loop.schedule { [self] in
            let removed = subscriptions.removeValue(forKey: id)
            guard tellBus, isOpen, let rule = removed?.rule else { return }
            _ = try? send(.methodCall(
                destination: Bus.name, path: Bus.path, interface: Bus.interface, member: "RemoveMatch",
                body: [.string(rule.text)]))
        }
    }

    // MARK: The loop

    /// Runs `body` on the connection's loop, directly when already there.
    func perform<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        try loop.runNowOrWait(body)
    }

    /// Dispatches every message libdbus has queued (on `loop`).
    private func dispatchAll() {
        while dbus_connection_dispatch(raw) == DBUS_DISPATCH_DATA_REMAINS {}
    }

    /// The filter that sees every incoming message (on `loop`, inside `dispatchAll`).
    private static let filter: DBusHandleMessageFunction = { _, rawMessage, data in
        let connection = Unmanaged<Connection>.fromOpaque(data!).takeUnretainedValue()
        guard let rawMessage else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
        if let pending = connection.pendingCall(answeredBy: rawMessage) {
            pending.finish(Result { try Message(decoding: rawMessage) })
            return DBUS_HANDLER_RESULT_HANDLED
        }
        if connection.refusedAsRead(rawMessage) { return DBUS_HANDLER_RESULT_HANDLED }
        guard let message = try? Message(decoding: rawMessage) else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
        return connection.handle(message)
    }

    private func handle(_ message: Message) -> DBusHandlerResult {
        switch message.kind {
        case .signal:
            if message.interface == "org.freedesktop.DBus.Local", message.member == "Disconnected" {
                markClosed()
                return DBUS_HANDLER_RESULT_HANDLED
            }
            for subscription in subscriptions.values where subscription.rule.matches(message) {
                subscription.mailbox.send(message)
            }
            return DBUS_HANDLER_RESULT_HANDLED
        case .methodCall:
            waitingCalls.append(message)
            callArrivals.ring()
            return DBUS_HANDLER_RESULT_HANDLED
        case .methodReturn, .error:
            return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
        }
    }

    private func markClosed() {
        guard isOpen else { return }
        isOpen = false
        for subscription in subscriptions.values { subscription.mailbox.finish() }
        subscriptions = [:]
        for pending in pendingReplies.values { pending.finish(.failure(DBusError(.disconnected, "the connection was closed"))) }
        pendingReplies = [:]
        replyTimeout?.timer.cancel()
        replyTimeout = nil
        dropHeldRefusals()
        callArrivals.close()
        disconnectWaiters.forEach { $0.resume() }
        disconnectWaiters = []
    }

    private static func take(_ error: inout CDBus.DBusError, fallback: String) -> DBusError {
        defer { dbus_error_free(&error) }
        guard dbus_error_is_set(&error) != 0 else { return DBusError(.failed, fallback) }
        return DBusError(.init(String(cString: error.name)), String(cString: error.message))
    }
}

/// A weak reference the loop attachment holds, so the loop does not keep its connection alive.
private final class WeakConnection: @unchecked Sendable {
    // @unchecked: set once during Connection.init, before the loop can run; read on the loop.
    weak var connection: Connection?
}

/// A signal subscription: its rule and where matching signals go.
private struct Subscription {
    let rule: MatchRule
    let mailbox: Mailbox<Message>
}
