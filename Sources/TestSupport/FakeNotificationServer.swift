import DBus
import FreedesktopNotifications

/// An in-process `org.freedesktop.Notifications` server for tests and benchmarks, on its own
/// connection to a private bus.
///
/// It owns the server's name, records every `Notify` (``notifyCalls``), keeps what is on
/// screen (``displayed``), and lets a test play the user by emitting the spec's signals, either
/// unicast to the connection that called `Notify` (as dunst does) or broadcast (as others do).
/// ``stop()`` and ``start()`` simulate the server quitting and a new one appearing.
public actor FakeNotificationServer {
    public static let busName = "org.freedesktop.Notifications"
    public static let path: ObjectPath = "/org/freedesktop/Notifications"
    public static let interface = "org.freedesktop.Notifications"

    /// How a signal reaches clients.
    public enum Delivery: Sendable, Hashable {
        /// Only to the connection that called `Notify` for that id (dunst).
        case unicast
        /// To every connection whose match rule selects it (most other servers).
        case broadcast
        /// To one named connection, whoever called `Notify`.
        case to(String)
    }

    /// What `GetServerInformation` answers.
    public typealias Information = ServerInformation

    /// Close reasons of `NotificationClosed`, as the spec numbers them.
    public enum CloseReason {
        public static let expired: UInt32 = 1
        public static let dismissedByUser: UInt32 = 2
        public static let closedByCall: UInt32 = 3
        public static let undefined: UInt32 = 4
    }

    /// Every `Notify` call, in arrival order, for a test to await; each arrives once its reply
    /// was sent, so a signal emitted in answer to it never overtakes that reply.
    public nonisolated let notifyCalls = Inbox<ReceivedNotification>()
    /// The id of every `CloseNotification` call, in arrival order.
    public nonisolated let closeCalls = Inbox<UInt32>()

    /// What `GetCapabilities` answers; a change is seen by the next caller.
    public private(set) var capabilities: [String]
    /// What `GetServerInformation` answers.
    public nonisolated let information: Information
    /// How `NotificationClosed` after `CloseNotification` is sent, and the default for the emit methods.
    public nonisolated let delivery: Delivery

    private let bus: PrivateBus
    private var connection: Connection?
    private var nextID: UInt32 = 1
    /// Notifications on screen now, by id.
    private var screen: [UInt32: ReceivedNotification] = [:]
    /// Who called `Notify` for each id this run has handed out.
    private var callers: [UInt32: String] = [:]
    /// Feeds `notifyCalls`, in order, after each reply is on the wire.
    private var announcements: AsyncStream<ReceivedNotification>.Continuation?
    /// While holding: the `Notify` calls taken and not answered (a server that hangs).
    private var held: [CheckedContinuation<Void, Never>]?
    /// The summary of every `Notify` call held unanswered, in arrival order.
    public nonisolated let heldNotifyCalls = Inbox<String>()
    /// The summary of every `Notify` call refused, in arrival order.
    public nonisolated let refusedNotifyCalls = Inbox<String>()
    /// The member of every other call refused while not serving, in arrival order.
    public nonisolated let refusedCalls = Inbox<String>()
    /// The error the next `Notify` calls get (see ``refuseNextNotify(with:times:)``).
    private var refusal: DBusError?
    /// How many more `Notify` calls get ``refusal``.
    private var refusalsLeft = 0

    /// Starts a server on `bus` and returns once it owns `org.freedesktop.Notifications`.
    public init(
        bus: PrivateBus, capabilities: [String] = ["actions", "body"], information: Information = .fake,
        delivery: Delivery = .unicast
    ) async throws {
        self.bus = bus
        self.capabilities = capabilities
        self.information = information
        self.delivery = delivery
        try await start()
    }

    deinit { announcements?.finish() }

    /// The unique name of the server's connection while it runs.
    public var uniqueName: String? { connection?.uniqueName }

    /// Whether it runs (owns the name).
    public var isRunning: Bool { connection != nil }

    /// The notifications on screen now, by ascending id.
    public var displayed: [ReceivedNotification] { screen.values.sorted { $0.id < $1.id } }

    /// The notification on screen with `id`, if any.
    public func notification(_ id: UInt32) -> ReceivedNotification? { screen[id] }

    /// Changes what `GetCapabilities` answers from now on (e.g. before a restart).
    public func setCapabilities(_ names: [String]) { capabilities = names }

    /// Starts as a fresh server process would: new connection, nothing on screen, ids from 1.
    public func start() async throws {
        guard connection == nil else { throw TestSupportError("the fake notification server already runs") }
        let connection = try await bus.connect()
        // Ready before the name is ours: a client watching the name may call at once.
        self.connection = connection
        nextID = 1
        screen = [:]
        callers = [:]
        let (stream, announcements) = AsyncStream.makeStream(of: ReceivedNotification.self)
        self.announcements = announcements
        let inbox = notifyCalls
        Task {
            for await received in stream {
                // Calls are answered one at a time, so when this call to ourselves is answered,
                // the reply to that Notify has been sent before it.
                _ = try? await connection.call(
                    destination: connection.uniqueName, path: Self.path, interface: "org.freedesktop.DBus.Peer",
                    method: "Ping")
                inbox.put(received)
            }
        }
        connection.export([makeInterface()], at: Self.path)
        let reply = try? await connection.requestName(Self.busName, flags: [.doNotQueue])
        guard reply == .primaryOwner else {
            await stop()
            throw TestSupportError("the fake notification server could not own \(Self.busName): \(String(describing: reply))")
        }
    }

    /// Quits as a server does: gives the name back and leaves the bus; what was shown is gone.
    public func stop() async {
        guard let connection else { return }
        self.connection = nil
        announcements?.finish()
        announcements = nil
        _ = try? await connection.releaseName(Self.busName)
        connection.close()
        screen = [:]
    }

    // MARK: Playing the user

    /// Emits `ActionInvoked(id, key)`: the user chose action `key` (`default` for the body).
    public func emitActionInvoked(id: UInt32, key: String, delivery: Delivery? = nil) throws {
        try emit(NotificationsServer.actionInvoked, id, key, delivery: delivery)
    }

    /// Removes `id` from the screen and emits `NotificationClosed(id, reason)` (see ``CloseReason``).
    public func emitNotificationClosed(id: UInt32, reason: UInt32, delivery: Delivery? = nil) throws {
        screen[id] = nil
        try emit(NotificationsServer.notificationClosed, id, reason, delivery: delivery)
    }

    /// Emits `NotificationReplied(id, text)`: the user sent `text` from an inline reply.
    public func emitNotificationReplied(id: UInt32, text: String, delivery: Delivery? = nil) throws {
        try emit(NotificationsServer.notificationReplied, id, text, delivery: delivery)
    }

    /// Emits `ActivationToken(id, token)`, which precedes an `ActionInvoked`.
    public func emitActivationToken(id: UInt32, token: String, delivery: Delivery? = nil) throws {
        try emit(NotificationsServer.activationToken, id, token, delivery: delivery)
    }

    private func emit<each A>(
        _ signal: SignalDeclaration<UInt32, repeat each A>, _ id: UInt32, _ arguments: repeat each A, delivery: Delivery?
    ) throws {
        guard let connection else { throw TestSupportError("the fake notification server is stopped") }
        let destination: String?
        switch delivery ?? self.delivery {
        case .broadcast: destination = nil
        case .to(let name): destination = name
        case .unicast:
            guard let caller = callers[id] else {
                throw TestSupportError("nobody called Notify for id \(id): use .broadcast or .to(name)")
            }
            destination = caller
        }
        try connection.emit(signal, path: Self.path, interface: Self.interface, id, repeat each arguments, destination: destination)
    }

    /// From now on takes each `Notify` call without answering it, as a hung server does,
    /// until ``answerHeldNotifyCalls()``.
    public func holdNotifyReplies() {
        if held == nil { held = [] }
    }

    /// Answers the `Notify` calls held so far, in order, and answers the next ones at once again.
    public func answerHeldNotifyCalls() {
        let waiting = held ?? []
        held = nil
        waiting.forEach { $0.resume() }
    }

    // MARK: The interface

    /// Answers the next `times` `Notify` calls with `error` instead of showing them.
    public func refuseNextNotify(with error: DBusError, times: Int = 1) { (refusal, refusalsLeft) = (error, times) }

    /// Whether it answers every call `UnknownMethod`, as a server that owns its name before
    /// it exports its object does for a moment (``setServing(_:)``).
    private var serving = true

    /// From now on answers every call `UnknownMethod` (false) or serves again (true); a
    /// `Notify` refused so is in ``refusedNotifyCalls``, any other call in ``refusedCalls``.
    public func setServing(_ serving: Bool) { self.serving = serving }

    /// Throws what a server not serving yet answers.
    private func checkServing(_ member: String) throws {
        guard serving else {
            if member != "Notify" { refusedCalls.put(member) }
            throw DBusError(.unknownMethod, "no \(member) here yet")
        }
    }

    private func notify(_ call: MethodCall) async throws -> UInt32 {
        let (appName, replacesID, appIcon, summary, body, actions, hints, expireTimeout) =
            try NotificationsServer.notify.arguments(of: call)
        if !serving { refusedNotifyCalls.put(summary) }
        try checkServing("Notify")
        if let refusal, refusalsLeft > 0 {
            refusalsLeft -= 1
            refusedNotifyCalls.put(summary)
            throw refusal
        }
        if held != nil {
            heldNotifyCalls.put(summary)
            await withCheckedContinuation { held?.append($0) }
        }
        let id: UInt32
        if replacesID != 0, screen[replacesID] != nil {
            id = replacesID
        } else {
            id = nextID
            nextID += 1
        }
        let received = ReceivedNotification(
            id: id, sender: call.sender, appName: appName, replacesID: replacesID, appIcon: appIcon,
            summary: summary, body: body, actions: actions, hints: hints, expireTimeout: expireTimeout)
        screen[id] = received
        callers[id] = call.sender
        announcements?.yield(received)
        return id
    }

    private func closeNotification(_ id: UInt32) throws {
        closeCalls.put(id)
        guard screen.removeValue(forKey: id) != nil else { return }  // unknown or closed: no signal, like dunst
        try emit(NotificationsServer.notificationClosed, id, CloseReason.closedByCall, delivery: nil)
    }

    /// `org.freedesktop.Notifications`, declared as data; handlers hold the server weakly.
    private func makeInterface() -> Interface {
        Interface(
            Self.interface,
            methods: [
                Method(NotificationsServer.getCapabilities) { [weak self] _ in
                    try await self?.checkServing("GetCapabilities")
                    return await self?.capabilities ?? []
                },
                Method(NotificationsServer.getServerInformation) { [weak self] _ in
                    guard let self else { throw DBusError(.failed, "the fake server is gone") }
                    try await checkServing("GetServerInformation")
                    return information
                },
                Method(NotificationsServer.notify, body: .serial { [weak self] call in
                    guard let self else { throw DBusError(.failed, "the fake server is gone") }
                    return [.uint32(try await self.notify(call))]
                }),
                Method(NotificationsServer.closeNotification) { [weak self] _, id in
                    try await self?.closeNotification(id)
                },
            ],
            signals: [
                NotificationsServer.notificationClosed.signal, NotificationsServer.actionInvoked.signal,
                NotificationsServer.notificationReplied.signal, NotificationsServer.activationToken.signal,
            ])
    }
}

extension ServerInformation {
    /// The fake server's own identity.
    public static let fake = ServerInformation(name: "usernoted-fake", vendor: "usernoted", version: "1.0", specVersion: "1.2")
}
